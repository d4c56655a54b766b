import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

// A passkey authenticator in software, for tests of staff enrolment and sign-in (issue #20
// point 2): an ES256 key pair per credential, the authenticator data and clientDataJSON a browser
// and a platform authenticator would make, an attestation object of format "none" in CBOR
// (written by hand below), and assertions signed over authenticatorData || SHA-256(clientData).
// The browser tests use Chromium's virtual authenticator instead; this is the same idea.

// ── A tiny CBOR encoder (RFC 8949): what WebAuthn's attestation object and COSE keys need ────

type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>

function head(majorType: number, length: number): Buffer {
  const major = majorType << 5
  if (length < 24) return Buffer.from([major | length])
  if (length < 0x100) return Buffer.from([major | 24, length])
  if (length < 0x10000) {
    const bytes = Buffer.alloc(3)
    bytes[0] = major | 25
    bytes.writeUInt16BE(length, 1)
    return bytes
  }
  const bytes = Buffer.alloc(5)
  bytes[0] = major | 26
  bytes.writeUInt32BE(length, 1)
  return bytes
}

export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('CBOR: integers only')
    return value >= 0 ? head(0, value) : head(1, -1 - value)
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (Array.isArray(value)) {
    return Buffer.concat([head(4, value.length), ...value.map((item) => encodeCbor(item))])
  }
  const entries = [...value.entries()].flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)])
  return Buffer.concat([head(5, value.size), ...entries])
}

// ── The authenticator ───────────────────────────────────────────────────────────────────────

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(counter)
  return bytes
}

/** A credential the authenticator keeps (discoverable: it knows its user handle). */
export interface SoftwareCredential {
  /** base64url */
  id: string
  privateKey: KeyObject
  /** base64url of the user id the registration options named */
  userHandle: string
  rpId: string
  signCount: number
}

interface CreationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}

interface RequestOptions {
  challenge: string
  rpId?: string
}

export class SoftwareAuthenticator {
  readonly origin: string
  readonly credentials: SoftwareCredential[] = []

  /** `origin`: the page the browser would be on (the console's origin). */
  constructor(origin: string) {
    this.origin = origin
  }

  /** navigator.credentials.create(), answered as @simplewebauthn/browser would send it. */
  register(
    options: CreationOptions,
    overrides: { origin?: string; challenge?: string } = {},
  ): Record<string, unknown> {
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const coseKey = new Map<number, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ])
    const credentialId = randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credentialId.length)
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      encodeCbor(coseKey),
    ])
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: overrides.challenge ?? options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    })
    const attestationObject = encodeCbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authenticatorData],
      ]),
    )
    const credential: SoftwareCredential = {
      id: b64url(credentialId),
      privateKey,
      userHandle: options.user.id,
      rpId,
      signCount: 0,
    }
    this.credentials.push(credential)
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /**
   * navigator.credentials.get() with a discoverable credential (the latest one, unless named):
   * the counter grows by one with each assertion, as a security key's does.
   */
  assert(
    options: RequestOptions,
    overrides: { credential?: SoftwareCredential; origin?: string; counter?: number } = {},
  ): Record<string, unknown> {
    const credential = overrides.credential ?? this.credentials.at(-1)
    if (credential === undefined) throw new Error('the software authenticator holds no passkey')
    credential.signCount = overrides.counter ?? credential.signCount + 1
    const authenticatorData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([FLAG_UP | FLAG_UV]),
      counterBytes(credential.signCount),
    ])
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    )
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    )
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    }
  }
}
