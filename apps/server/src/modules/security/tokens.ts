import { SignJWT, jwtVerify } from 'jose'
import type { ServerKeys } from './secrets.ts'

// Signed tokens (HS256, jose): the session token the browser keeps in sessionStorage, the
// entry ticket from verifyUser to sendVerificationMail, the signed URLs of required-document
// files (upload: names a one-time ticket; download: names a file) and of the my-page 加入者証
// (certificate: names an account's contract). Each names its use in `aud`, so one can never
// stand in for another.

export type TokenUse = 'session' | 'staffSession' | 'entry' | 'upload' | 'download' | 'certificate'

export async function signToken(
  keys: ServerKeys,
  use: TokenUse,
  claims: Record<string, unknown>,
  times: { now: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(use)
    .setIssuedAt(Math.floor(times.now.getTime() / 1000))
    .setExpirationTime(Math.floor(times.expiresAt.getTime() / 1000))
    .sign(keys.signingKey)
}

/** The claims of a valid token for this use, or undefined (bad signature, expired, other use). */
export async function readToken(
  keys: ServerKeys,
  use: TokenUse,
  token: string,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.signingKey, {
      audience: use,
      algorithms: ['HS256'],
      currentDate: now,
    })
    return payload
  } catch {
    return undefined
  }
}
