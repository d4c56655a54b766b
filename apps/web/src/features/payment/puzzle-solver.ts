import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import { solveChallenge } from 'altcha-lib'
import { deriveKey as deriveKeyPbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2'
import { deriveKey as deriveKeySha } from 'altcha-lib/algorithms/web/sha'

// The puzzle's proof of work, solved on the device with altcha-lib v2 (ADR 0014). Loaded by the
// puzzle widget only when the box is ticked, so altcha-lib stays out of every first download.

/**
 * Finds the counter whose derived key starts with the challenge's prefix; null when stopped by
 * `signal` or when no solution was found within altcha-lib's time limit.
 */
export function solvePuzzle(
  challenge: PuzzleChallenge,
  signal: AbortSignal,
): Promise<PuzzleSolution['solution'] | null> {
  const controller = new AbortController()
  if (signal.aborted) controller.abort()
  else signal.addEventListener('abort', () => controller.abort(), { once: true })
  const deriveKey = challenge.parameters.algorithm.startsWith('PBKDF2/')
    ? deriveKeyPbkdf2
    : deriveKeySha
  return solveChallenge({ challenge, deriveKey, controller })
}
