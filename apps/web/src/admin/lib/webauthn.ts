// @simplewebauthn/browser, loaded when a passkey button is pressed (the password form's users
// need not download it).
export async function browserWebAuthn() {
  return import('@simplewebauthn/browser')
}

/** The user closed the passkey prompt or it timed out (not a server's refusal). */
export function isWebAuthnCancel(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'NotAllowedError' ||
      error.name === 'AbortError' ||
      ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED'))
  )
}
