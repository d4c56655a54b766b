import type { EntryParams } from '@app/shared/rules/entry-check'
import type { GroupData, GroupStore } from './group-store.ts'

// SPEC §4 "Year switch: the group information and item definitions can swap to next-year data,
// keeping the current year as a backup that can be restored" (issue #9). In this app a product
// year is part of the enrolment link (ADR 0003), so the group store keeps each year under its own
// link; the switch loads next year's group information and item definitions before the renewal
// procedure moves to next year's link, and remembers the current year's as the backup that
// restoreYear() puts back when the holder leaves the renewal (my-page home). Kept out of
// group-store.ts, which is in every page's first download: only the renewal pages and my-page
// home load this module.

export interface YearSwitch {
  /** the year the holder left: its link and its group as loaded then (the backup) */
  backup: { params: EntryParams; group: GroupData | undefined }
  /** the year switched to */
  current: { params: EntryParams; group: GroupData }
}

const switches = new WeakMap<GroupStore, YearSwitch>()

/**
 * Loads next year's group information and item definitions (the entry check of its link, once)
 * and makes next year the current one, keeping the year switched from as the backup. A second
 * switch keeps the first backup: restoring goes back to the year the renewal started from.
 * Rejects, switching nothing, when next year's group cannot be loaded.
 */
export async function switchToYear(
  store: GroupStore,
  from: EntryParams,
  next: EntryParams,
): Promise<GroupData> {
  const group = await store.ensure('ent', next)
  const backup = switches.get(store)?.backup ?? { params: from, group: store.get('ent', from) }
  switches.set(store, { backup, current: { params: next, group } })
  return group
}

/** The switch in force, if any. */
export function activeYearSwitch(store: GroupStore): YearSwitch | undefined {
  return switches.get(store)
}

/**
 * Ends the switch and answers the backup (the year switched from) as the current year again;
 * undefined when no switch was made.
 */
export function restoreYear(store: GroupStore): YearSwitch['backup'] | undefined {
  const yearSwitch = switches.get(store)
  if (yearSwitch === undefined) return undefined
  switches.delete(store)
  return yearSwitch.backup
}
