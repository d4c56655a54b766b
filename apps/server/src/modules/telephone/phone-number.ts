// Japanese numbers as the registration takes them: 10 or 11 digits, no hyphens (SPEC §9).

/** Mobile numbers (070, 080, 090 and 11 digits) take SMS; landlines get voice guidance only. */
export function canReceiveSms(phoneNumber: string): boolean {
  return /^0[789]0\d{8}$/.test(phoneNumber)
}

/** "*******5678": every digit but the last four hidden. */
export function maskPhoneNumber(phoneNumber: string): string {
  return '*'.repeat(Math.max(0, phoneNumber.length - 4)) + phoneNumber.slice(-4)
}
