import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// Issue #18 point 4: the module graph of apps/web/src has no cycle and keeps the feature
// boundaries, and the lint zones of eslint.config.js catch a feature that crosses them.
// import-x/no-cycle misses what the graph below sees: a lazy route's dynamic import() and a
// type-only import are edges here too, so a feature importing app/ (which loads the feature) is
// a cycle even when the import is erased at build time.

const sourceRoot = import.meta.dirname
const sourceExtensions = ['.ts', '.tsx']

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return sourceExtensions.some((extension) => name.endsWith(extension)) ? [file] : []
  })
}

/** The file an import names, or undefined for a package; throws for a missing local module. */
function resolveImport(importer: string, specifier: string): string | undefined {
  const [bare = ''] = specifier.split('?')
  let target: string
  if (bare.startsWith('@/')) target = path.join(sourceRoot, bare.slice(2))
  else if (bare.startsWith('.')) target = path.resolve(path.dirname(importer), bare)
  else return undefined
  const candidates = [target, ...sourceExtensions.map((extension) => `${target}${extension}`)]
  const found = candidates.find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  )
  if (found === undefined) throw new Error(`${importer}: cannot resolve '${specifier}'`)
  return found
}

/** Static imports, `export … from`, type-only imports and dynamic import('…'). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(sourceRoot)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map(({ fileName }) => resolveImport(file, fileName))
      .filter((target) => target !== undefined && target.startsWith(sourceRoot))
    graph.set(file, [...new Set(targets)] as string[])
  }
  return graph
}

/** Tarjan's strongly connected components with more than one module, or a module importing itself. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []

  function visit(node: string): void {
    index.set(node, counter)
    lowLink.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!))
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!))
      }
    }
    if (lowLink.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component)
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

const relative = (file: string): string => path.relative(sourceRoot, file).split(path.sep).join('/')

/** 'features/<name>', 'app', 'lib', 'components', 'test' or '' (a file at the top). */
function layerOf(file: string): string {
  const [top = '', feature = ''] = relative(file).split('/')
  if (top === 'features') return `features/${feature}`
  return relative(file).includes('/') ? top : ''
}

describe('the module graph of apps/web/src', () => {
  const graph = importGraph()

  it('has no import cycle, counting lazy routes and type-only imports', () => {
    const cycles = importCycles(graph).map((component) => component.map(relative).sort())
    expect(cycles).toEqual([])
  })

  it('keeps the feature boundaries (ARCHITECTURE.md): no feature imports app/ or another feature, lib/ and components/ import neither, and the console (admin/) is imported by nothing of the applicant app and imports lib/ and components/ only', () => {
    const violations: string[] = []
    for (const [file, targets] of graph) {
      const from = layerOf(file)
      for (const target of targets) {
        const to = layerOf(target)
        const isForbidden =
          // the console (issue #20) is an app of its own: nothing of the applicant's imports it,
          // and it imports lib/ and components/ only
          (to === 'admin' && from !== 'admin') ||
          (from === 'admin' && (to === 'app' || to.startsWith('features/'))) ||
          (from.startsWith('features/')
            ? to === 'app' || (to.startsWith('features/') && to !== from)
            : (from === 'lib' || from === 'components') &&
              (to === 'app' || to.startsWith('features/')))
        if (isForbidden) violations.push(`${relative(file)} → ${relative(target)}`)
      }
    }
    expect(violations).toEqual([])
  })
})

// The first lint builds the TypeScript program of the typed rules: seconds, not milliseconds.
describe('the web feature zones of eslint.config.js (issue #18)', { timeout: 120_000 }, () => {
  const eslint = new ESLint({ cwd: path.resolve(sourceRoot, '../../..') })
  const features = readdirSync(path.join(sourceRoot, 'features')).sort()
  /** A module of the folder, to lint a snippet as if it were that file. */
  const moduleIn = (folder: string): string => {
    const file = sourceFiles(path.join(sourceRoot, folder)).find((name) => !/\.test\./.test(name))
    if (file === undefined) throw new Error(`no module in ${folder}`)
    return file
  }
  const alias = (file: string): string => `@/${relative(file)}`

  async function ruleIdsOf(code: string, filePath: string): Promise<(string | null)[]> {
    const [result] = await eslint.lintText(code, { filePath })
    return result?.messages.map((message) => message.ruleId) ?? ['(not linted)']
  }

  it.each(features)(
    'features/%s may not import another feature, with the alias or relatively',
    async (feature) => {
      const file = moduleIn(`features/${feature}`)
      const other = moduleIn(`features/${features.find((name) => name !== feature)}`)
      const relativePath = path.relative(path.dirname(file), other).split(path.sep).join('/')
      const code = `import '${alias(other)}'\nexport const load = () => import('${relativePath}')\n`
      expect(await ruleIdsOf(code, file)).toEqual([
        'import-x/no-restricted-paths',
        'import-x/no-restricted-paths',
      ])
    },
  )

  it('a feature may not import app/, not even a type', async () => {
    const code = `import type { ScreenDefinition } from '@/app/route-table.ts'\nexport type Screen = ScreenDefinition\n`
    expect(await ruleIdsOf(code, moduleIn('features/payment'))).toEqual([
      'import-x/no-restricted-paths',
    ])
  })

  it('lib/ and components/ may not import a feature or app/', async () => {
    const feature = alias(moduleIn('features/entry'))
    expect(await ruleIdsOf(`import '${feature}'\n`, moduleIn('lib'))).toEqual([
      'import-x/no-restricted-paths',
    ])
    expect(await ruleIdsOf(`import '@/app/prefetch.ts'\n`, moduleIn('components'))).toEqual([
      'import-x/no-restricted-paths',
    ])
  })

  it('no applicant module may import the back-office console, and the console no feature (issue #20)', async () => {
    const consoleModule = alias(moduleIn('admin/screens'))
    for (const folder of ['features/entry', 'app', 'lib', 'components']) {
      expect(await ruleIdsOf(`import '${consoleModule}'\n`, moduleIn(folder)), folder).toEqual([
        'import-x/no-restricted-paths',
      ])
    }
    const feature = alias(moduleIn('features/entry'))
    expect(await ruleIdsOf(`import '${feature}'\n`, moduleIn('admin/screens'))).toEqual([
      'import-x/no-restricted-paths',
    ])
    const allowed = `import '@/lib/session.ts'\nimport '@/components/page-heading.tsx'\n`
    expect(await ruleIdsOf(allowed, moduleIn('admin/screens'))).toEqual([])
  })

  it('a feature may import itself, lib/ and components/', async () => {
    const file = moduleIn('features/payment')
    const own = alias(moduleIn('features/payment/components'))
    const code = `import '${own}'\nimport '@/lib/session.ts'\nimport '@/components/page-heading.tsx'\n`
    expect(await ruleIdsOf(code, file)).toEqual([])
  })
})
