import { applicationSteps } from '@app/shared/rules/application-steps'
import type { Area, ScreenDefinition } from './route-table.ts'
import type { PrefetchEnvironment } from '../lib/services.tsx'

// SPEC §7.7 "prefetches per-route payloads" (issue #17 point 17): while a screen is shown, the
// chunks of the screens the user most likely opens next are fetched in idle time, so that the
// next step renders without waiting for its module. Which screens follow which is written once
// here; the enrolment steps follow the shared step order (conditional steps included: a chunk
// fetched and not used costs a few kilobytes, a chunk missing costs a round trip on a phone).

const stepSuccessors: Record<string, readonly string[]> = Object.fromEntries(
  applicationSteps.map((step, index) => [step, applicationSteps.slice(index + 1, index + 3)]),
)

/** area → page → the pages opened next from it. */
const successors: Record<Area, Record<string, readonly string[]>> = {
  ent: {
    applyLinkGuide: ['termsOfService'],
    termsOfService: ['verifyUser'],
    verifyUser: ['sendVerificationMail'],
    sendVerificationMail: ['entryTerms'],
    ...stepSuccessors,
    // the list opens each unit's registration (the same page name, its own chunk)
    registerInsuredInfo: [...(stepSuccessors['registerInsuredInfo'] ?? []), 'registerInsuredInfo'],
    pamphletImportantNotes: ['payment'],
    payment: ['completeApplication'],
    renewalProcedure: ['entryTerms'],
    autoRenewCheck: ['autoRenewStopCheck'],
    autoRenewStopCheck: ['autoRenewStopComplete'],
  },
  myp: {
    login: ['loginCode', 'telephoneAuthSelect'],
    loginCode: ['home'],
    telephoneAuthSelect: ['verifyTelephoneAuth'],
    verifyTelephoneAuth: ['home', 'phoneNumberRegistrationComplete'],
    home: ['checkContractInfo'],
    mailChange: ['mailChangeCode'],
    mailChangeCode: ['mailChangeComplete'],
    passwordReset: ['passwordResetCode'],
    passwordResetCode: ['passwordResetComplete'],
    idReNotification: ['idReNotificationComplete'],
    startRegisterTelephoneAuth: ['telephoneAuthSelect'],
  },
  pamphlet: {},
  system: {},
}

/** The screens opened next from `definition` (each page's definitions, in the table's order). */
export function nextScreensOf(
  definition: ScreenDefinition,
  table: readonly ScreenDefinition[],
): ScreenDefinition[] {
  const pages = successors[definition.area][definition.page] ?? []
  return table.filter(
    (candidate) =>
      candidate.area === definition.area &&
      candidate !== definition &&
      pages.includes(candidate.page),
  )
}

const fetched = new WeakSet<ScreenDefinition>()

/** Fetches the next screens' chunks once each, when idle; failures are ignored (no retry). */
export function prefetchNextScreens(
  definition: ScreenDefinition,
  table: readonly ScreenDefinition[],
  environment: PrefetchEnvironment,
): void {
  if (environment.saveData) return
  const next = nextScreensOf(definition, table).filter((screen) => !fetched.has(screen))
  if (next.length === 0) return
  environment.whenIdle(() => {
    for (const screen of next) {
      fetched.add(screen)
      screen.load().catch(() => fetched.delete(screen))
    }
  })
}

/** The browser's idle time and data-saver setting. */
export function browserPrefetchEnvironment(): PrefetchEnvironment {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  return {
    whenIdle: (task) => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(task, { timeout: 2_000 })
      } else {
        setTimeout(task, 200)
      }
    },
    saveData: connection?.saveData === true,
  }
}
