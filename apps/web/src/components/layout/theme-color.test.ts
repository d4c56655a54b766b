import { describe, expect, it } from 'vitest'
import { contrastRatio, readableTextColor, themeStyle } from './theme-color.ts'

describe('テーマカラーと文字色（WCAG 1.4.3）', () => {
  it.each([
    ['#0017c1', '#ffffff'],
    ['#197a4b', '#ffffff'],
    ['#ffd43d', '#000000'],
    ['#e8f1fe', '#000000'],
    ['#fb5b01', '#000000'],
  ])('%s の上の文字は %s にすること', (background, expected) => {
    const text = readableTextColor(background)
    expect(text).toBe(expected)
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5)
  })

  it('#RRGGBB でない値は既定の色にすること', () => {
    expect(themeStyle('red')).toEqual({ '--theme-color': '#0017c1', '--theme-on-color': '#ffffff' })
    expect(themeStyle(undefined)).toEqual({
      '--theme-color': '#0017c1',
      '--theme-on-color': '#ffffff',
    })
  })
})
