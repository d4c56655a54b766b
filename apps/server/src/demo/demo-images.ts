// The demo groups' logos and top images, drawn in code so that the demo needs no binary files.
// Plain SVG 1.1: no script, no external reference (fonts fall back to the reader's sans-serif).

/** The motif drawn in a group's logo mark and repeated on its top image. */
export type DemoMotif = 'sakura' | 'leaf' | 'code'

export interface DemoArtwork {
  /** theme colour #RRGGBB */
  color: string
  motif: DemoMotif
  /** first line of the logo: the organisation */
  title: string
  /** second line of the logo: the product */
  subtitle: string
}

const FONT_FAMILY = "'Noto Sans JP', 'Hiragino Sans', 'Yu Gothic', Meiryo, sans-serif"
const TEXT_COLOR = '#1A1A1C'

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

function channels(hex: string): [number, number, number] {
  const match = /^#([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})$/.exec(hex)
  if (match === null) throw new RangeError(`not a #RRGGBB colour: "${hex}"`)
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)]
}

/** Mixes `hex` towards `towards` by `ratio` (0: unchanged, 1: `towards`). */
function mix(hex: string, towards: string, ratio: number): string {
  const from = channels(hex)
  const to = channels(towards)
  return `#${from
    .map((value, index) => Math.round(value + (to[index]! - value) * ratio))
    .map((value) => value.toString(16).padStart(2, '0').toUpperCase())
    .join('')}`
}

/** Coordinates rounded to 0.1, so that the markup stays short and free of float noise. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10)
}

function svgDocument(width: number, height: number, title: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(title)}</title>`,
    body,
    '</svg>',
    '',
  ].join('\n')
}

/** One cherry-blossom flower of five petals around (cx, cy). */
function sakuraFlower(cx: number, cy: number, size: number, fill: string, center: string): string {
  const petals = [0, 72, 144, 216, 288]
    .map(
      (angle) =>
        `<ellipse cx="${cx}" cy="${n(cy - size * 0.36)}" rx="${n(size * 0.2)}" ry="${n(size * 0.34)}" fill="${fill}" transform="rotate(${angle} ${cx} ${cy})"/>`,
    )
    .join('')
  return `<g>${petals}<circle cx="${cx}" cy="${cy}" r="${n(size * 0.1)}" fill="${center}"/></g>`
}

/** A leaf pointing up, centred on (cx, cy), with its midrib. */
function leaf(cx: number, cy: number, size: number, fill: string, vein: string, angle = 0): string {
  const top = cy - size / 2
  const bottom = cy + size / 2
  const spread = size * 0.5
  return [
    `<g transform="rotate(${angle} ${cx} ${cy})">`,
    `<path d="M${cx} ${n(top)} C ${n(cx + spread)} ${n(top + size * 0.25)}, ${n(cx + spread * 0.9)} ${n(bottom - size * 0.3)}, ${cx} ${n(bottom)} C ${n(cx - spread * 0.9)} ${n(bottom - size * 0.3)}, ${n(cx - spread)} ${n(top + size * 0.25)}, ${cx} ${n(top)} Z" fill="${fill}"/>`,
    `<path d="M${cx} ${n(top + size * 0.15)} L ${cx} ${n(bottom - size * 0.05)}" stroke="${vein}" stroke-width="${n(Math.max(2, size * 0.04))}" stroke-linecap="round" fill="none"/>`,
    '</g>',
  ].join('')
}

/** Angle brackets and a slash, the sign of source code. */
function codeMark(cx: number, cy: number, size: number, stroke: string): string {
  const half = size / 2
  const width = Math.max(3, size * 0.11)
  return [
    `<g fill="none" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round">`,
    `<path d="M${n(cx - half * 0.45)} ${n(cy - half * 0.55)} L ${n(cx - half)} ${cy} L ${n(cx - half * 0.45)} ${n(cy + half * 0.55)}"/>`,
    `<path d="M${n(cx + half * 0.45)} ${n(cy - half * 0.55)} L ${n(cx + half)} ${cy} L ${n(cx + half * 0.45)} ${n(cy + half * 0.55)}"/>`,
    `<path d="M${n(cx + half * 0.18)} ${n(cy - half * 0.7)} L ${n(cx - half * 0.18)} ${n(cy + half * 0.7)}"/>`,
    '</g>',
  ].join('')
}

function mark(motif: DemoMotif, cx: number, cy: number, size: number, color: string): string {
  switch (motif) {
    case 'sakura':
      return sakuraFlower(cx, cy, size, '#FFFFFF', mix(color, '#FFFFFF', 0.3))
    case 'leaf':
      return leaf(cx, cy, size, '#FFFFFF', color, 20)
    case 'code':
      return codeMark(cx, cy, size, '#FFFFFF')
  }
}

/** ロゴ: テーマカラーの丸いマークと、団体名・商品名の2行（560×120）。 */
export function renderLogoSvg(artwork: DemoArtwork): string {
  const body = [
    `<circle cx="60" cy="60" r="50" fill="${artwork.color}"/>`,
    mark(artwork.motif, 60, 60, 56, artwork.color),
    `<text x="128" y="54" font-family="${FONT_FAMILY}" font-size="26" font-weight="700" fill="${TEXT_COLOR}">${escapeXml(artwork.title)}</text>`,
    `<text x="128" y="90" font-family="${FONT_FAMILY}" font-size="20" font-weight="500" fill="${artwork.color}">${escapeXml(artwork.subtitle)}</text>`,
  ].join('\n')
  return svgDocument(560, 120, `${artwork.title} ${artwork.subtitle}`, body)
}

function topMotif(artwork: DemoArtwork): string {
  const light = mix(artwork.color, '#FFFFFF', 0.75)
  switch (artwork.motif) {
    case 'sakura': {
      const flowers: [number, number, number, number][] = [
        [820, 110, 120, 0.9],
        [980, 250, 90, 0.75],
        [1110, 90, 70, 0.6],
        [700, 300, 60, 0.5],
        [1080, 350, 50, 0.45],
        [610, 150, 40, 0.35],
      ]
      const petals: [number, number, number][] = [
        [480, 90, 25],
        [540, 300, 60],
        [900, 360, 110],
        [1170, 220, 150],
        [760, 40, 200],
      ]
      return [
        ...flowers.map(
          ([x, y, size, opacity]) =>
            `<g opacity="${opacity}">${sakuraFlower(x, y, size, '#FFFFFF', light)}</g>`,
        ),
        ...petals.map(
          ([x, y, angle]) =>
            `<ellipse cx="${x}" cy="${y}" rx="7" ry="12" fill="${light}" opacity="0.7" transform="rotate(${angle} ${x} ${y})"/>`,
        ),
      ].join('\n')
    }
    case 'leaf': {
      const hills = [
        `<path d="M0 330 C 220 260, 420 300, 640 280 C 860 260, 1020 300, 1200 250 L 1200 400 L 0 400 Z" fill="#FFFFFF" opacity="0.12"/>`,
        `<path d="M0 370 C 260 320, 520 360, 760 330 C 940 310, 1080 340, 1200 320 L 1200 400 L 0 400 Z" fill="#FFFFFF" opacity="0.18"/>`,
      ]
      const leaves: [number, number, number, number, number][] = [
        [860, 150, 150, 25, 0.85],
        [1000, 120, 110, -20, 0.7],
        [1100, 230, 90, 35, 0.55],
        [720, 230, 80, -30, 0.45],
        [600, 110, 60, 15, 0.35],
      ]
      return [
        ...hills,
        ...leaves.map(
          ([x, y, size, angle, opacity]) =>
            `<g opacity="${opacity}">${leaf(x, y, size, '#FFFFFF', artwork.color, angle)}</g>`,
        ),
      ].join('\n')
    }
    case 'code': {
      const nodes: [number, number][] = [
        [640, 90],
        [760, 180],
        [880, 80],
        [960, 230],
        [1080, 130],
        [1040, 345],
        [820, 320],
        [700, 300],
      ]
      const links: [number, number][] = [
        [0, 1],
        [1, 2],
        [1, 3],
        [2, 4],
        [3, 4],
        [3, 5],
        [3, 6],
        [6, 7],
        [1, 7],
      ]
      const lines = links
        .map(([from, to]) => {
          const [x1, y1] = nodes[from]!
          const [x2, y2] = nodes[to]!
          return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#FFFFFF" stroke-width="3" opacity="0.35"/>`
        })
        .join('\n')
      const dots = nodes
        .map(
          ([x, y], index) =>
            `<circle cx="${x}" cy="${y}" r="${index % 3 === 0 ? 14 : 9}" fill="${index % 2 === 0 ? '#FFFFFF' : light}" opacity="0.8"/>`,
        )
        .join('\n')
      return [lines, dots, `<g opacity="0.9">${codeMark(1080, 230, 120, '#FFFFFF')}</g>`].join('\n')
    }
  }
}

/** トップ画像: テーマカラーのグラデーションに、モチーフの図形を重ねた横長のバナー（1200×400）。 */
export function renderTopSvg(artwork: DemoArtwork): string {
  const dark = mix(artwork.color, '#000000', 0.3)
  const soft = mix(artwork.color, '#FFFFFF', 0.2)
  const body = [
    '<defs>',
    '<linearGradient id="background" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${soft}"/>`,
    `<stop offset="1" stop-color="${dark}"/>`,
    '</linearGradient>',
    '</defs>',
    '<rect width="1200" height="400" fill="url(#background)"/>',
    '<circle cx="160" cy="60" r="220" fill="#FFFFFF" opacity="0.07"/>',
    '<circle cx="420" cy="420" r="180" fill="#FFFFFF" opacity="0.06"/>',
    '<circle cx="1040" cy="-40" r="260" fill="#FFFFFF" opacity="0.05"/>',
    topMotif(artwork),
  ].join('\n')
  return svgDocument(1200, 400, `${artwork.title} ${artwork.subtitle}`, body)
}
