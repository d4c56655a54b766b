import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importCycles, importsOf, PRESENTATION, sourceFiles } from './architecture-report.ts'

// The import-cycle finder the architecture report (issue #18) and the apps' architecture tests
// rely on: it must see every kind of import, and name a cycle exactly.

const dir = mkdtempSync(path.join(tmpdir(), 'architecture-report-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(relative: string, text: string): void {
  const file = path.join(dir, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
}

describe('importsOf', () => {
  it('reads static, type-only, re-exported, side-effect and dynamic imports', () => {
    const text = [
      "import { a } from './a.ts'",
      "import type { B } from '../b.ts'",
      "export { c } from './c.ts'",
      "export * from './d.ts'",
      "import './e.css'",
      "const F = lazy(() => import('./f.tsx'))",
      'import {',
      '  g,',
      "} from '@/g.ts'",
    ].join('\n')
    expect(importsOf(text)).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      './d.ts',
      './e.css',
      './f.tsx',
      '@/g.ts',
    ])
  })
})

describe('importCycles', () => {
  it('finds a cycle through a dynamic import and an alias, and nothing in a tree', () => {
    write('cycle/app/routes.ts', "export const routes = [() => import('../features/x/screen.tsx')]")
    write('cycle/features/x/screen.tsx', "import { guard } from '@/app/guards.ts'\nexport {}")
    write(
      'cycle/app/guards.ts',
      "import { routes } from './routes.ts'\nexport const guard = routes",
    )
    write('cycle/lib/leaf.ts', 'export const leaf = 1')
    write('cycle/lib/uses-leaf.ts', "import { leaf } from './leaf.ts'\nexport const x = leaf")
    const root = path.join(dir, 'cycle')
    const cycles = importCycles(sourceFiles(dir, 'cycle'), { '@/': root })
    expect(cycles.map((component) => component.map((file) => path.relative(root, file)))).toEqual([
      ['app/guards.ts', 'app/routes.ts', 'features/x/screen.tsx'],
    ])
  })

  it('finds nothing in a tree', () => {
    write('tree/a.ts', "import { b } from './b.ts'\nexport const a = b")
    write('tree/b.ts', 'export const b = 1')
    expect(importCycles(sourceFiles(dir, 'tree'))).toEqual([])
  })
})

describe('PRESENTATION.apiPath', () => {
  it.each([
    ['return putJson(api, `${insuredPath}${segment(unitNo)}/confirm`, body)'],
    ['  `${insuredPath}:unitNo/:insrdId`,'],
    ["    url: '/groupImages/:fileId',"],
    ['<img src="/api/groupImages/${id}" />'],
    ['url: `${API_PREFIX}${fileUploadPath}${token}`'],
  ])('counts an API path put together by hand: %s', (line) => {
    expect(PRESENTATION.apiPath.test(line)).toBe(true)
  })

  it.each([
    ['output.stderr(`${documentPath}: JSON として読み込めません`)'],
    [" * the browser sees it ('/api/files/upload/…', under the API's base)"],
    ['// GET /applyInfo/ answers'],
    ['return callEndpoint<typeof addInsuredApi>(api, addInsuredRoute, { params: { unitNo } })'],
  ])('does not count a comment, a file path or a call by route: %s', (line) => {
    expect(PRESENTATION.apiPath.test(line)).toBe(false)
  })
})
