/** The part of Storage the app uses; sessionStorage in the browser, a Map in tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function readJson(storage: KeyValueStorage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key)
    return text == null ? undefined : (JSON.parse(text) as unknown)
  } catch {
    return undefined
  }
}

export function writeJson(storage: KeyValueStorage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value))
  } catch {
    // quota exceeded or storage disabled: the guards then behave as on a first visit
  }
}

/** window.sessionStorage, or undefined where the browser refuses access to it. */
export function sessionStorageOrUndefined(): KeyValueStorage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}
