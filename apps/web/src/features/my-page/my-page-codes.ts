import { errorCodes } from '@app/shared/errors'

// Which error codes a my-page screen tells beside its form (SPEC §8.4) rather than on the error
// screen (ADR 0015). Anything else goes to the route's error boundary; a 401 E0003 there is the
// session error, and the API client has already forgotten the session.

/** A code typed for an attempt: wrong, expired, too many wrong, no such attempt; too many tries. */
export const codeStepCodes: readonly string[] = [
  errorCodes.codeWrong,
  errorCodes.codeExpired,
  errorCodes.codeFailedRepeatedly,
  errorCodes.attemptNotFound,
  errorCodes.rateLimited,
]

/** The attempt is over: the code step cannot go on, the procedure starts again. */
export const restartCodes: readonly string[] = [
  errorCodes.codeFailedRepeatedly,
  errorCodes.attemptNotFound,
]

/** Sending a code again: the attempt ended or is unknown, the mail was refused, too many. */
export const resendCodes: readonly string[] = [
  errorCodes.codeExpired,
  errorCodes.attemptNotFound,
  errorCodes.codeMailFailed,
  errorCodes.phoneCodeSendingFailed,
  errorCodes.smsUnavailable,
  errorCodes.rateLimited,
]
