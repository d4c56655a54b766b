import { hash, verify } from '@node-rs/argon2'

// Passwords are stored with argon2id only (PRODUCT.md; STACK.md: m=19456 KiB, t=2, p=1).
const options = {
  // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

let dummyHash: Promise<string> | undefined

/**
 * Compares a password with a stored hash. With no hash (an unknown ID) it still runs one
 * argon2id verify against a fixed hash, so that the answer takes the same time (PRODUCT.md).
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (storedHash === null || storedHash === undefined) {
    dummyHash ??= hashPassword('not-a-password-of-anyone')
    await verify(await dummyHash, password)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
