import { createHash, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import { findSecret, insertSecretIfAbsent } from './security-repository.ts'

// Keys generated once per installation and kept in the database, so that every process signs
// and hashes alike (PRODUCT.md "Production": nothing another process needs stays in memory).

export async function loadOrCreate(db: Database, name: string): Promise<Buffer> {
  await insertSecretIfAbsent(db, name, randomBytes(32).toString('base64'))
  const value = await findSecret(db, name)
  if (value === undefined) throw new Error(`server secret ${name} could not be read`)
  return Buffer.from(value, 'base64')
}

export interface ServerKeys {
  /** HS256 key of session tokens and entry tickets (a KeyObject: jose then imports it once) */
  signingKey: KeyObject
  /** key of the hashes that name lockout and rate-limit subjects */
  subjectKey: Buffer
}

/**
 * The keys given from outside the database (environment or file, issue #19 point 6), else the
 * database's own, generated at the first start.
 */
export async function loadServerKeys(
  db: Database,
  given: { tokenSigning: Buffer | undefined; subjectHashing: Buffer | undefined } = {
    tokenSigning: undefined,
    subjectHashing: undefined,
  },
): Promise<ServerKeys> {
  const [signingKey, subjectKey] = await Promise.all([
    given.tokenSigning ?? loadOrCreate(db, 'token-signing'),
    given.subjectHashing ?? loadOrCreate(db, 'subject-hashing'),
  ])
  return { signingKey: createSecretKey(signingKey), subjectKey }
}

/** A keyed hash naming what was tried (an ID, a client address) without storing it. */
export function subjectHash(keys: ServerKeys, ...parts: string[]): string {
  return createHmac('sha256', keys.subjectKey).update(parts.join('\u0000')).digest('base64url')
}

/** A new one-time token for a link (256 bits), and the hash that is all the database keeps. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: linkTokenHash(token) }
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
