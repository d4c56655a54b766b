import type {
  Attempt,
  AuthTypeForLogin,
  CodeSent,
  TelephoneChannel,
} from '@app/shared/api/my-page/endpoints'
import { readJson, writeJson, type KeyValueStorage } from '@/lib/browser-storage.ts'
import { MY_PAGE_STATE_KEY } from '@/lib/my-page-steps.ts'
import { localExpiry, parseInstant } from '@/lib/session.ts'

// The my-page's steps in progress (SPEC §3.6 "My-page state"), kept in this tab's sessionStorage
// so that a reload keeps the step: the sign-in's attempt (processingUser), the flowType of the
// telephone pages, a phone registration, a mail change, a password reset. Attempts are the
// server's (ADR 0015): the browser holds an attempt's token, never a code. One link's steps at a
// time; another link's are not read. Signing out forgets them (lib/session.ts); the guards read
// the flowType themselves (lib/my-page-steps.ts).

/** SPEC §3.6 flowType (default telephoneLogin): what the telephone pages are doing. */
export type FlowType = 'telephoneLogin' | 'telephoneRegister'

/** Where an attempt's last code went (masked), and how. */
export type SentCode = Pick<CodeSent, 'channel' | 'maskedDestination'>

/** An attempt the server opened: its token, when it ends on this browser's clock, its last code. */
export interface HeldAttempt {
  attemptToken: string
  /** ISO 8601, this browser's clock (lib/session.ts localExpiry) */
  expiresAt: string
  codeSent: SentCode | null
}

export interface MyPageState {
  /** linkKey('myp', …) of the link the steps belong to */
  link: string
  /** SPEC §3.6 processingUser: the sign-in in progress, after the ID and password */
  processingUser?: { userId: string; attempt: HeldAttempt }
  authTypeForLogin?: AuthTypeForLogin
  flowType?: FlowType
  maskedPhoneNumberForTelephoneAuthSelect?: string
  /** SPEC §3.6 phoneNumber: the number being registered (masked); no attempt once registered */
  phoneNumber?: { maskedPhoneNumber: string; smsAvailable: boolean; attempt?: HeldAttempt }
  /** SPEC §3.6 authTypeForRegister: how the registration's code was asked for */
  authTypeForRegister?: TelephoneChannel
  /** SPEC §3.6 mailChange.newMail: the new address; no attempt once changed */
  mailChange?: { newMail: string; attempt?: HeldAttempt }
  passwordReset?: { userId: string; mailAddress: string; attempt: HeldAttempt }
  /**
   * SPEC §3.6 idPassingLogin: the ID handed to the login screen, which starts with it filled in
   * (after a password reset, the ID it was done for); a sign-in replaces the state and drops it.
   */
  idPassingLogin?: string
  idReNotification?: { maskedDestination: string }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The steps in progress on the link; none when the tab holds another link's or nothing. */
export function readMyPageState(storage: KeyValueStorage | undefined, link: string): MyPageState {
  const value = readJson(storage, MY_PAGE_STATE_KEY)
  if (!isObject(value) || value['link'] !== link) return { link }
  return value as unknown as MyPageState
}

/** Changes the link's steps in progress (another link's are replaced). */
export function updateMyPageState(
  storage: KeyValueStorage | undefined,
  link: string,
  change: (state: MyPageState) => MyPageState,
): MyPageState {
  const next = { ...change(readMyPageState(storage, link)), link }
  writeJson(storage, MY_PAGE_STATE_KEY, next)
  return next
}

/** SPEC §3.6 flowType: telephoneLogin unless a phone is being registered. */
export function flowTypeOf(state: MyPageState): FlowType {
  return state.flowType === 'telephoneRegister' ? 'telephoneRegister' : 'telephoneLogin'
}

/** What the steps keep of a code sent: how, and where to (masked). */
export function sentCodeOf(codeSent: CodeSent): SentCode {
  return { channel: codeSent.channel, maskedDestination: codeSent.maskedDestination }
}

/** An attempt as the server opened it, its end counted on this browser's clock. */
export function holdAttempt(attempt: Attempt, codeSent: CodeSent | null, now: number): HeldAttempt {
  return {
    attemptToken: attempt.attemptToken,
    expiresAt: localExpiry(attempt.expiresInSeconds, now),
    codeSent: codeSent === null ? null : sentCodeOf(codeSent),
  }
}

/** The attempt when it is there and has not ended, else undefined. */
export function liveAttempt(
  attempt: HeldAttempt | undefined,
  now: number,
): HeldAttempt | undefined {
  if (!isObject(attempt) || typeof attempt.attemptToken !== 'string') return undefined
  const end = typeof attempt.expiresAt === 'string' ? parseInstant(attempt.expiresAt) : undefined
  return end !== undefined && end > now ? attempt : undefined
}

/** The attempt the telephone pages work on: the sign-in's, or the registration's. */
export function telephoneAttemptOf(
  state: MyPageState,
  flowType: FlowType,
): HeldAttempt | undefined {
  return flowType === 'telephoneRegister'
    ? state.phoneNumber?.attempt
    : state.processingUser?.attempt
}

/** The flow's state with its attempt (its new code; registering, how it was asked for). */
export function withTelephoneAttempt(
  state: MyPageState,
  flowType: FlowType,
  attempt: HeldAttempt,
  channel: TelephoneChannel,
): MyPageState {
  if (flowType === 'telephoneRegister' && state.phoneNumber !== undefined) {
    return {
      ...state,
      authTypeForRegister: channel,
      phoneNumber: { ...state.phoneNumber, attempt },
    }
  }
  if (state.processingUser === undefined) return state
  return { ...state, processingUser: { ...state.processingUser, attempt } }
}

/** The flow's attempt, forgotten once it is over. */
export function withoutTelephoneAttempt(state: MyPageState, flowType: FlowType): MyPageState {
  if (flowType === 'telephoneRegister') {
    const { phoneNumber: _over, ...rest } = state
    return rest
  }
  const { processingUser: _over, ...rest } = state
  return rest
}
