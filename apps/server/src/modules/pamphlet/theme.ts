// The group's theme colour (groupPfInfo.themeColor) and the colours derived from it. The page
// uses the theme colour only as a background (header, buttons, badges) or as decoration (bars,
// borders); text on it takes the colour that meets WCAG 1.4.3 (4.5:1).

const HEX_COLOR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i
const WHITE = '#ffffff'
/** DADS solid-gray-900: softer than black, used when it still reaches 4.5:1. */
const NEAR_BLACK = '#1a1a1a'
const BLACK = '#000000'
const MINIMUM_CONTRAST = 4.5
/** How much of the theme colour tints the light panels (the rest is white). */
const TINT_RATIO = 0.08

type Rgb = [number, number, number]

/** DADS blue-900 (#0017c1), the web app's default when a group has no usable colour. */
const DEFAULT_RGB: Rgb = [0x00, 0x17, 0xc1]

function toRgb(hex: string): Rgb | undefined {
  const match = HEX_COLOR.exec(hex)
  if (match === null) return undefined
  return match.slice(1).map((part) => Number.parseInt(part, 16)) as Rgb
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

/** WCAG 2.x relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((value) => {
    const channel = value / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(toRgb(a) ?? [0, 0, 0])
  const lb = luminance(toRgb(b) ?? [0, 0, 0])
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

export interface ThemeColors {
  /** the theme colour, lower-case #rrggbb */
  color: string
  /** text and icons on the theme colour */
  onColor: string
  /** a very light tint of the theme colour for panels; dark text reads on it */
  tint: string
}

/**
 * 団体のテーマカラーと、その上の文字色・淡い背景色。文字色は白、だめならほぼ黒、それもだめなら黒
 * （白か黒のどちらかは必ず 4.5:1 を超える）。
 */
export function themeColors(themeColor: string): ThemeColors {
  const rgb = toRgb(themeColor) ?? DEFAULT_RGB
  const color = toHex(rgb)
  const onColor =
    [WHITE, NEAR_BLACK].find((text) => contrastRatio(color, text) >= MINIMUM_CONTRAST) ?? BLACK
  const tint = toHex(rgb.map((channel) => Math.round(255 - (255 - channel) * TINT_RATIO)) as Rgb)
  return { color, onColor, tint }
}
