import type { CSSProperties } from 'react'

const HEX_COLOR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i
/** DADS blue-900: the bar colour when a group has no usable theme colour. */
export const DEFAULT_THEME_COLOR = '#0017c1'
const WHITE = '#ffffff'
const BLACK = '#000000'

/** WCAG 2.x relative luminance of #RRGGBB; undefined for anything else. */
export function relativeLuminance(hex: string): number | undefined {
  const match = HEX_COLOR.exec(hex)
  if (match === null) return undefined
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a) ?? 0
  const lb = relativeLuminance(b) ?? 0
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/** White or black, whichever reads better on the group's colour (WCAG 1.4.3). */
export function readableTextColor(background: string): typeof WHITE | typeof BLACK {
  return contrastRatio(background, WHITE) >= contrastRatio(background, BLACK) ? WHITE : BLACK
}

/**
 * CSS variables for a group's theme colour (groupPfInfo.themeColor). Set through React's style
 * object, which the browser applies through CSSOM: allowed under `style-src 'self'`.
 */
export function themeStyle(themeColor: string | undefined): CSSProperties {
  const color =
    themeColor !== undefined && HEX_COLOR.test(themeColor) ? themeColor : DEFAULT_THEME_COLOR
  return {
    '--theme-color': color,
    '--theme-on-color': readableTextColor(color),
  } as CSSProperties
}
