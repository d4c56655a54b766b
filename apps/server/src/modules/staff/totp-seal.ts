import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { ServerKeys } from '../security/secrets.ts'

// The TOTP seed must be read back to check a code, so it cannot be hashed: it is sealed with
// AES-256-GCM under a key derived (HKDF-SHA256) from the installation's signing key (ADR 0026).
// A copy of the database alone does not give the seeds away.

const INFO = 'staff-totp-seal'
const VERSION = 'v1'

function sealKey(keys: ServerKeys): Buffer {
  return Buffer.from(hkdfSync('sha256', keys.signingKey.export(), Buffer.alloc(0), INFO, 32))
}

/** `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
export function sealTotpSecret(keys: ServerKeys, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(keys), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'))
  return [VERSION, ...parts].join('.')
}

/** The seed, or undefined when the text was not sealed with this installation's key. */
export function unsealTotpSecret(keys: ServerKeys, sealed: string): string | undefined {
  const [version, iv, data, tag] = sealed.split('.')
  if (version !== VERSION || iv === undefined || data === undefined || tag === undefined) {
    return undefined
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(keys), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()])
    return plain.toString('utf8')
  } catch {
    return undefined
  }
}
