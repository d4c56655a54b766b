/** The one source of "now" (PRODUCT.md "Time"). Business rules take `now` as an argument. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock pinned to one instant (`APP_NOW`), for demos and tests. */
export function fixedClock(instant: Date): Clock {
  const time = instant.getTime()
  return { now: () => new Date(time) }
}
