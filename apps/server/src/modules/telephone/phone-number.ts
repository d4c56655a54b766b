// Japanese numbers as the registration takes them: 10 or 11 digits, no hyphens (SPEC §9).

/** Mobile numbers (070, 080, 090 and 11 digits) take SMS; landlines get voice guidance only. */
export function canReceiveSms(phoneNumber: string): boolean {
  return /^0[789]0\d{8}$/.test(phoneNumber)
}

/** "*******5678": every digit but the last four hidden. */
export function maskPhoneNumber(phoneNumber: string): string {
  return '*'.repeat(Math.max(0, phoneNumber.length - 4)) + phoneNumber.slice(-4)
}

/**
 * The number in E.164 form for a provider: "09012345678" → "+819012345678" (Japan's country code,
 * the trunk 0 dropped). Undefined for anything but 10 or 11 digits starting with 0.
 */
export function toE164(phoneNumber: string): string | undefined {
  return /^0\d{9,10}$/.test(phoneNumber) ? `+81${phoneNumber.slice(1)}` : undefined
}
