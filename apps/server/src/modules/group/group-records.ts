// The group module's published reads (issue #18): other modules read group products, branches,
// links and item definitions through these (uncached; GroupService caches for the entry pages),
// never through the group repository.
export {
  findBranch,
  findCurrentLink,
  findGroupPfInfo,
  findLink,
  groupProductExists,
  listItemDefinitions,
  listLinksOfGroup,
  lockProductSetup,
  type GroupLink,
} from './group-repository.ts'
