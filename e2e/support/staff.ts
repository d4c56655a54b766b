// The back office's sign-in in the browser (issue #20): Chromium's virtual authenticator over the
// DevTools protocol stands in for a staff member's passkey, and a TOTP code is computed here as an
// authenticator app would (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits).
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { CDPSession, Page } from '@playwright/test'
import { currentEngine, stateDirVariable } from './engines.ts'

/**
 * A platform authenticator with user verification that answers at once: what a laptop's
 * fingerprint reader or a phone's screen lock gives a passkey. It lives as long as the page's
 * DevTools session and holds the credentials created through it (discoverable ones included).
 */
export async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page)
  await session.send('WebAuthn.enable')
  await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return session
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** The 6-digit TOTP code of a base32 secret at a time (the server's clock, not the browser's). */
export function totpCode(secret: string, at: Date): string {
  const step = Math.floor(at.getTime() / 1000 / 30)
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}

/**
 * The console's address on `localhost`: a passkey's relying party is a domain, never an IP
 * address, so the console is opened by name where the suite's server listens on 127.0.0.1.
 */
export function consoleUrl(baseURL: string, path: string): string {
  const url = new URL(path, baseURL)
  url.hostname = 'localhost'
  return url.toString()
}

/** The console's first administrator, made by `npm run staff -- add` in the seed (global-setup). */
export const FIRST_ADMINISTRATOR = { email: 'e2e-admin@example.jp', name: '試験 管理者' } as const

export const firstAdministratorArgs: readonly string[] = [
  'add',
  '--email',
  FIRST_ADMINISTRATOR.email,
  '--name',
  FIRST_ADMINISTRATOR.name,
  '--role',
  'insurer-admin',
]

/**
 * Demo group C's contact person (団体担当者, issue #21 point 6), made by `npm run staff -- add
 * --role group-contact --group G300003` in the seed: no other spec touches group C, so the
 * dashboard's figures there are the seed's.
 */
export const GROUP_CONTACT = {
  email: 'e2e-group-contact@example.jp',
  name: '試験 団体担当',
  groupPfCode: 'G300003',
} as const

export const groupContactArgs: readonly string[] = [
  'add',
  '--email',
  GROUP_CONTACT.email,
  '--name',
  GROUP_CONTACT.name,
  '--role',
  'group-contact',
  '--group',
  GROUP_CONTACT.groupPfCode,
]

export function groupContactFile(stateDir: string): string {
  return path.join(stateDir, 'group-contact.txt')
}

/**
 * A second insurer administrator for the setup spec (issue #21, back-office-setup.spec.ts): an
 * enrolment link is used once, and back-office.spec.ts uses the first one's.
 */
export const SETUP_ADMINISTRATOR = {
  email: 'e2e-setup-admin@example.jp',
  name: '試験 設定者',
} as const

export const setupAdministratorArgs: readonly string[] = [
  'add',
  '--email',
  SETUP_ADMINISTRATOR.email,
  '--name',
  SETUP_ADMINISTRATOR.name,
  '--role',
  'insurer-admin',
]

export function setupAdministratorFile(stateDir: string): string {
  return path.join(stateDir, 'setup-administrator.txt')
}

/** Where the seed keeps what `npm run staff -- add` printed for the engine's server. */
export function firstAdministratorFile(stateDir: string): string {
  return path.join(stateDir, 'first-administrator.txt')
}

function engineStateDir(): string {
  const variable = stateDirVariable(currentEngine())
  const folder = process.env[variable]
  if (!folder) throw new Error(`${variable} is not set: run the specs through playwright.config.ts`)
  return folder
}

/** The one-time enrolment link the command printed (`…/admin/enrol#<token>`). */
export function firstAdministratorLink(): string {
  return printedLink(firstAdministratorFile(engineStateDir()))
}

/** The group contact's one-time enrolment link (issue #21). */
export function groupContactLink(): string {
  return printedLink(groupContactFile(engineStateDir()))
}

/** The setup administrator's one-time enrolment link. */
export function setupAdministratorLink(): string {
  return printedLink(setupAdministratorFile(engineStateDir()))
}

function printedLink(file: string): string {
  const printed = readFileSync(file, 'utf8')
  const links = printed.match(/https?:\/\/\S+\/admin\/enrol#[A-Za-z0-9_-]+/g) ?? []
  if (links.length !== 1)
    throw new Error(`no enrolment link in what npm run staff printed:\n${printed}`)
  return links[0] ?? ''
}
