// The application module's published operations on the application row (issue #18): access,
// files, payment and renewal read and change applications only through these, never through the
// table. The repository holds the status guard and the optimistic lock once.
export {
  cancelDraft,
  createApplication,
  findApplicationById,
  findApplicationLineage,
  findAccountForStart,
  findApplicationOfAccount,
  findContractById,
  findOwnContract,
  findOwnEnrolment,
  findRosterAuthItems,
  hasEarlierContract,
  listJobCandidates,
  listLiveApplications,
  markApplied,
  saveConsents,
  updateApplyInfo,
  type ApplicationRow,
  type ContractRow,
  type NewApplication,
} from './application-repository.ts'
