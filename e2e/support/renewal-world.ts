// The renewal specs' own servers (issue #23 point 19): a renewal opens only once the contract's
// cover has begun, and every contract the main server holds begins after E2E_NOW. So time passes
// here as it does for a real policy holder: policy holders apply to K400004's product of 202701
// on a server at E2E_NOW (inside its all-at-once window), that server stops keeping its database,
// and a second server goes on with the same database at RENEWAL_NOW, in the cover of 202701,
// before its renewal fix date and inside next year's (202801) window. Both servers are of the
// test's engine, seeded only with K400004's two product years and a roster of its own.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PlaywrightWorkerArgs } from '@playwright/test'
import type { Person } from './application.ts'
import type { Engine } from './engines.ts'
import { COLLECTION_GROUP_DOCUMENT_PATH, COLLECTION_GROUP_NEXT_DOCUMENT_PATH } from './fixtures.ts'
import { COLLECTION_GROUP, firstEntryRoster, readCredentials } from './members.ts'
import { appliedPolicyHolder, type PolicyHolder } from './policy-holders.ts'
import { startServer, type RunningServer } from './server.ts'

/**
 * The renewal server's clock: ten months into the cover of K400004's 202701 product, before its
 * renewal fix date (20271031), inside the all-at-once window of 202801 (20270901–20271030).
 */
export const RENEWAL_NOW = '2027-10-12T10:00:00+09:00'
/** The business date of RENEWAL_NOW. */
export const RENEWAL_TODAY = '20271012'

export interface RenewalWorld {
  /** the server at RENEWAL_NOW the tests use */
  server: RunningServer
  /** one policy holder per person asked for, in that order, each with a 202701 contract */
  holders: PolicyHolder[]
  /** stops the server and removes the database and the roster's folder */
  stop: () => Promise<void>
}

export async function startRenewalWorld(options: {
  engine: Engine
  label: string
  people: readonly Person[]
  playwright: PlaywrightWorkerArgs['playwright']
}): Promise<RenewalWorld> {
  const folder = mkdtempSync(path.join(tmpdir(), `e2e-${options.label}-`))
  const removeFolder = () => rmSync(folder, { recursive: true, force: true })
  const { groupPfCode, groupPfCodeInceptionDateYm } = COLLECTION_GROUP
  const codes = options.people.map((_, index) => `E2E-R-${String(index + 1).padStart(3, '0')}`)
  const credentials = path.join(folder, 'credentials.csv')
  let applying: RunningServer | undefined
  try {
    applying = await startServer({
      label: `${options.label}-apply`,
      engine: options.engine,
      demoData: 'off',
      seed: {
        documents: [COLLECTION_GROUP_DOCUMENT_PATH, COLLECTION_GROUP_NEXT_DOCUMENT_PATH],
        rosters: [
          {
            groupPfCode,
            groupPfCodeInceptionDateYm,
            csv: firstEntryRoster(folder, groupPfCode, codes),
            out: credentials,
          },
        ],
      },
    })
    const members = readCredentials(credentials, groupPfCode)
    const request = await options.playwright.request.newContext({ baseURL: applying.baseURL })
    const holders: PolicyHolder[] = []
    try {
      for (const [index, person] of options.people.entries()) {
        const member = members[index]
        if (member === undefined) throw new Error(`the roster import issued ${members.length}`)
        holders.push(await appliedPolicyHolder(request, person, member))
      }
    } finally {
      await request.dispose()
    }
    await applying.stop({ keepData: true })
    const kept = applying
    const server = await startServer({
      label: `${options.label}-renew`,
      engine: options.engine,
      now: RENEWAL_NOW,
      demoData: 'off',
      database: kept.database,
    }).catch((error: unknown) => {
      kept.removeData()
      throw error
    })
    return {
      server,
      holders,
      stop: async () => {
        await server.stop()
        kept.removeData()
        removeFolder()
      },
    }
  } catch (error) {
    await applying?.stop()
    removeFolder()
    throw error
  }
}
