import { describe, expect, it } from 'vitest'
import { contrastRatio, themeColors } from './theme.ts'

describe('テーマカラーと文字色（WCAG 1.4.3）', () => {
  it.each([
    ['#A8284F', { color: '#a8284f', onColor: '#ffffff', tint: '#f8eef1' }],
    ['#1E6B45', { color: '#1e6b45', onColor: '#ffffff', tint: '#edf3f0' }],
    ['#1F4E8C', { color: '#1f4e8c', onColor: '#ffffff', tint: '#edf1f6' }],
    ['#FFD43D', { color: '#ffd43d', onColor: '#1a1a1a', tint: '#fffcef' }],
    ['#767676', { color: '#767676', onColor: '#ffffff', tint: '#f4f4f4' }],
    ['#777777', { color: '#777777', onColor: '#000000', tint: '#f4f4f4' }],
    ['red', { color: '#0017c1', onColor: '#ffffff', tint: '#ebecfa' }],
  ])('%s', (input, expected) => {
    expect(themeColors(input)).toEqual(expected)
  })

  it.each(['#000000', '#ffffff', '#777777', '#4a90e2', '#e60012', '#00a040', '#8a8a8a'])(
    '%s の上の文字は 4.5:1 以上になること',
    (color) => {
      const { onColor } = themeColors(color)
      expect(contrastRatio(color, onColor)).toBeGreaterThanOrEqual(4.5)
    },
  )
})
