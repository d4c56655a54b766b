import { createHmac, timingSafeEqual } from 'node:crypto'
import { createChallenge, verifySolution, type ChallengeParameters } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import { PUZZLE_VALIDITY_SECONDS } from '@app/shared/rules/payment'

// The puzzle check before a card payment (SPEC §2.8, §8.4, §9; PRODUCT.md "Money": ALTCHA,
// valid 5 minutes, usable once; ADR 0014). An ALTCHA v2 proof of work signed with a secret of
// this installation, so any process can check what another issued. "Usable once" is the
// caller's: it records the signature in used_puzzles.

export const PUZZLE_ALGORITHM = 'SHA-256'
/**
 * SHA-256 rounds per try and the prefix the key must start with: 256 tries of 10 rounds are
 * expected (2,560 digests). Measured with solveChallenge in Node 20 over 200 challenges, with the
 * WebCrypto deriveKey a browser uses: median 51 ms, 90th percentile 0.22 s, 99th 0.6 s; with
 * node:crypto median 3 ms.
 */
export const PUZZLE_COST = 10
export const PUZZLE_KEY_PREFIX = '00'

export type PuzzleVerdict = 'valid' | 'invalid' | 'expired'

/** A new challenge, valid PUZZLE_VALIDITY_SECONDS from `now` (the product's clock). */
export async function createPuzzle(secret: string, now: Date): Promise<PuzzleChallenge> {
  const challenge = await createChallenge({
    algorithm: PUZZLE_ALGORITHM,
    cost: PUZZLE_COST,
    keyPrefix: PUZZLE_KEY_PREFIX,
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: Math.floor(now.getTime() / 1000) + PUZZLE_VALIDITY_SECONDS,
  })
  const { parameters, signature } = challenge
  if (signature === undefined) throw new Error('the challenge was not signed')
  return {
    parameters: {
      algorithm: parameters.algorithm,
      nonce: parameters.nonce,
      salt: parameters.salt,
      cost: parameters.cost,
      keyLength: parameters.keyLength,
      keyPrefix: parameters.keyPrefix,
      expiresAt: parameters.expiresAt,
    },
    signature,
  }
}

/** altcha-lib's challenge signature: hex HMAC-SHA256 of the parameters as canonical JSON. */
function signatureOf(secret: string, parameters: ChallengeParameters): string {
  return createHmac('sha256', secret).update(canonicalJson(parameters)).digest('hex')
}

/** JSON with the keys sorted and undefined values left out, as altcha-lib signs it. */
function canonicalJson(parameters: ChallengeParameters): string {
  const entries = Object.entries(parameters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify(Object.fromEntries(entries))
}

function isSameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Whether a solved puzzle is ours, unexpired by the product's clock, and solved.
 *
 * verifySolution judges expiry by the machine's real time (`Date.now()`), which is not the
 * product's clock when APP_NOW pins it (demos, tests). So the signature and the expiry are
 * judged here, by the clock, and the library then checks the solution against a copy of the
 * challenge without its expiry, signed alike with the same secret. That copy never leaves the
 * server.
 */
export async function verifyPuzzle(
  secret: string,
  puzzle: PuzzleSolution,
  now: Date,
): Promise<PuzzleVerdict> {
  const { parameters, signature } = puzzle.challenge
  if (parameters.algorithm !== PUZZLE_ALGORITHM) return 'invalid'
  if (!isSameHex(signatureOf(secret, parameters), signature)) return 'invalid'
  if (parameters.expiresAt === undefined) return 'invalid'
  if (parameters.expiresAt < Math.floor(now.getTime() / 1000)) return 'expired'
  const timeless: ChallengeParameters = { ...parameters, expiresAt: undefined }
  const result = await verifySolution({
    challenge: { parameters: timeless, signature: signatureOf(secret, timeless) },
    solution: puzzle.solution,
    deriveKey,
    hmacSignatureSecret: secret,
  })
  return result.verified ? 'valid' : 'invalid'
}
