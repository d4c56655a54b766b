import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { toFullWidthKatakana } from '@app/shared'
import { townOfKenAll } from './ken-all-town.ts'

// 郵便番号から住所 (GET /address/): Japan Post's KEN_ALL with its readings, as the package
// jquery-jpostal-ja ships it (ADR 0020), so a lookup never leaves the server. Only its data files
// are read: json/NNN.json holds the codes that start with NNN, one row each
// [`_${code}`, 都道府県, 市区町村, 町域, 事業所の所在地, 事業所名, 都道府県ｶﾅ, 市区町村ｶﾅ, 町域ｶﾅ],
// wrapped in a JSONP call. A file is read when one of its codes is first asked for, so the server
// starts as fast as before and holds only the files of the codes asked for lately.

export interface Address {
  prefecture: string
  city: string
  /** 町域; '' when the code names a whole city */
  town: string
  /** the readings, in full-width katakana (the form's onlyFullKatakana) */
  prefectureKana: string
  cityKana: string
  townKana: string
}

/** How many files (first three digits) stay parsed: each holds about 150 codes, at most ~3,000. */
const CACHED_FILES = 32
const cache = new Map<string, Promise<ReadonlyMap<string, readonly Address[]>>>()

/** The addresses of a 7-digit postal code; empty when the code is not in the data. */
export async function lookupAddress(zipCode: string): Promise<Address[]> {
  const addresses = await addressesStartingWith(zipCode.slice(0, 3))
  return [...(addresses.get(zipCode) ?? [])]
}

function addressesStartingWith(prefix: string): Promise<ReadonlyMap<string, readonly Address[]>> {
  let file = cache.get(prefix)
  if (file === undefined) {
    const reading = readAddressFile(prefix)
    // A file that failed to read is tried again on the next lookup.
    reading.catch(() => {
      if (cache.get(prefix) === reading) cache.delete(prefix)
    })
    file = reading
  } else {
    // set again below, as the most recently used
    cache.delete(prefix)
  }
  cache.set(prefix, file)
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHED_FILES) break
    cache.delete(oldest)
  }
  return file
}

let dataFolder: string | undefined

async function readAddressFile(prefix: string): Promise<ReadonlyMap<string, readonly Address[]>> {
  dataFolder ??= path.join(
    path.dirname(createRequire(import.meta.url).resolve('jquery-jpostal-ja/package.json')),
    'json',
  )
  let text: string
  try {
    text = await readFile(path.join(dataFolder, `${prefix}.json`), 'utf8')
  } catch (error) {
    // No code starts with these three digits.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map()
    throw error
  }
  return addressesOf(parseRows(text, prefix))
}

type Row = readonly string[]

function parseRows(text: string, prefix: string): readonly Row[] {
  const rows: unknown = JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')))
  if (
    !Array.isArray(rows) ||
    !rows.every(
      (row) =>
        Array.isArray(row) && row.length >= 9 && row.every((field) => typeof field === 'string'),
    )
  ) {
    throw new Error(`postal data ${prefix}.json is not a list of rows of nine strings`)
  }
  return rows as Row[]
}

function addressesOf(rows: readonly Row[]): ReadonlyMap<string, readonly Address[]> {
  const byCode = new Map<string, Address[]>()
  for (const [
    key = '',
    prefecture = '',
    city = '',
    townName = '',
    officeStreet = '',
    officeName = '',
    prefectureKana = '',
    cityKana = '',
    townNameKana = '',
  ] of rows) {
    const code = key.slice(1)
    // The codes of large offices (事業所の個別番号) are left out, as before: their addresses come
    // without a reading, and an applicant gives a home or company address by its area code.
    if (!/^\d{7}$/.test(code) || officeStreet !== '' || officeName !== '') continue
    const town = townOfKenAll(townName, townNameKana)
    if (town === undefined) continue
    const address: Address = {
      prefecture,
      city,
      town: town.town,
      prefectureKana: toFullWidthKatakana(prefectureKana),
      cityKana: toFullWidthKatakana(cityKana),
      townKana: toFullWidthKatakana(town.townKana),
    }
    const found = byCode.get(code) ?? []
    if (!found.some((known) => known.town === address.town && known.city === address.city)) {
      found.push(address)
    }
    byCode.set(code, found)
  }
  return byCode
}
