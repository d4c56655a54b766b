// The numbers issue #18 asks for, from the sources as they are (run it before and after a change
// of shape and compare):
//
//   node --import tsx scripts/architecture-report.ts [repo root]     (prints JSON)
//
// - files and lines per folder (apps/server/src, its modules, apps/web/src, its features, shared)
// - the largest classes (members and lines)
// - import cycles: the strongly connected components of each app's import graph (static imports,
//   `export … from`, dynamic `import('…')`; relative paths and the web's `@/` alias)
// - relative imports climbing three or more folders (and two)
// - places that format a Japanese date, an amount in yen or an SPA page URL by hand
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts)$/
const SKIPPED = new Set(['node_modules', 'dist', 'drizzle', 'test-results', 'reports'])

export function sourceFiles(root: string, folder: string): string[] {
  const start = path.join(root, folder)
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIPPED.has(name)) continue
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(full)
    }
  }
  walk(start)
  return found.sort()
}

/** A test's helper module, not product code. */
const isTestSupport = (file: string) => /-test-support\.ts$|[\\/]test-[^\\/]+\.tsx?$/.test(file)
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || file.includes('/test/')

function lineCount(text: string): number {
  return text.split('\n').length
}

/** Files and lines (tests apart) per direct subfolder of `folder`. */
function perFolder(root: string, folder: string) {
  const table: Record<string, { files: number; lines: number; testFiles: number }> = {}
  for (const file of sourceFiles(root, folder)) {
    const relative = path.relative(path.join(root, folder), file)
    const key = relative.includes(path.sep) ? (relative.split(path.sep)[0] ?? '') : '.'
    const entry = (table[key] ??= { files: 0, lines: 0, testFiles: 0 })
    if (isTest(file)) entry.testFiles += 1
    else {
      entry.files += 1
      entry.lines += lineCount(readFileSync(file, 'utf8'))
    }
  }
  return table
}

/** Every class of the product code, largest first: members and lines. */
function classes(root: string, folders: readonly string[]) {
  const found: { name: string; file: string; members: number; lines: number }[] = []
  for (const folder of folders) {
    for (const file of sourceFiles(root, folder)) {
      if (isTest(file)) continue
      const text = readFileSync(file, 'utf8')
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
      const visit = (node: ts.Node) => {
        if (ts.isClassDeclaration(node) && node.name !== undefined) {
          const start = source.getLineAndCharacterOfPosition(node.getStart()).line
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
          found.push({
            name: node.name.text,
            file: path.relative(root, file),
            members: node.members.length,
            lines: end - start + 1,
          })
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
  }
  return found.sort((a, b) => b.lines - a.lines).slice(0, 5)
}

const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** The module specifiers a file imports (static, re-exports and dynamic). */
export function importsOf(text: string): string[] {
  const specifiers: string[] = []
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]
    if (specifier !== undefined) specifiers.push(specifier)
  }
  return specifiers
}

function resolveImport(
  from: string,
  specifier: string,
  known: ReadonlySet<string>,
  aliases: Readonly<Record<string, string>>,
): string | undefined {
  let base: string | undefined
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else {
    for (const [prefix, target] of Object.entries(aliases)) {
      if (specifier.startsWith(prefix)) base = path.join(target, specifier.slice(prefix.length))
    }
  }
  if (base === undefined) return undefined
  const stripped = base.replace(/\.(js|mjs)$/, '')
  const candidates = [
    base,
    `${stripped}.ts`,
    `${stripped}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]
  return candidates.find((candidate) => known.has(candidate))
}

/** Strongly connected components (more than one file, or a file importing itself). */
export function importCycles(
  files: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string[][] {
  const known = new Set(files)
  const edges = new Map<string, string[]>()
  for (const file of files) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier, known, aliases))
      .filter((target): target is string => target !== undefined)
    edges.set(file, targets)
  }
  // Tarjan's algorithm, iterative so that a deep graph cannot overflow the stack
  let index = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  for (const root of files) {
    if (order.has(root)) continue
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }]
    order.set(root, index)
    low.set(root, index)
    index += 1
    stack.push(root)
    onStack.add(root)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      if (frame === undefined) break
      const targets = edges.get(frame.node) ?? []
      if (frame.next < targets.length) {
        const target = targets[frame.next] ?? ''
        frame.next += 1
        if (!order.has(target)) {
          order.set(target, index)
          low.set(target, index)
          index += 1
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, next: 0 })
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, order.get(target) ?? 0))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent !== undefined) {
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0))
      }
      if (low.get(frame.node) === order.get(frame.node)) {
        const component: string[] = []
        let member: string | undefined
        do {
          member = stack.pop()
          if (member === undefined) break
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        const selfLoop = (edges.get(frame.node) ?? []).includes(frame.node)
        if (component.length > 1 || selfLoop) components.push(component.sort())
      }
    }
  }
  return components.sort((a, b) => b.length - a.length)
}

/** Relative imports climbing at least `levels` folders, over every source file of `folders`. */
function climbingImports(root: string, folders: readonly string[], levels: number): number {
  const prefix = '../'.repeat(levels)
  let count = 0
  for (const folder of folders) {
    for (const file of sourceFiles(root, folder)) {
      count += importsOf(readFileSync(file, 'utf8')).filter((specifier) =>
        specifier.startsWith(prefix),
      ).length
    }
  }
  return count
}

/** Hand-made presentation: where a date, a yen amount or an SPA URL is put together. */
export const PRESENTATION = {
  japaneseDate: /年\$\{|\{year\}年|年'\s*\+|\}年\{/,
  yenAmount: /\}円|\{amount\}円|\$\{[^}]+\}円/,
  spaPageUrl: /`\/(app\/)?(ent|myp|pamphlet)\/\$\{/,
  /** an API path outside its definition: a literal, or a path constant with more put after it */
  apiPath:
    /^(?!\s*(?:\/\/|\*|\/\*)).*(?:['"`]\/(?:api\/)?(?:applyInfo|groupPfInfo|itemDefinitions|groupImages|policyHolderInfo|mainMail|sessionInfo|mainCoverageTypes|specifiedCoverageTypes|address|uploadNecessaryDocsUrl|files|downloadPresigned|paymentInfo|capyStatus|executePayment|paymentNotifications|start2FA|authcodeMail|policyHolderCertificate|mailAddress|password|passwordReset|idReNotificationMail|tmpPhoneNumber|renewalInfo|stopUpdate|renewalProcedure)\b|\$\{\w+Path\}(?:\$\{|:\w|\*)|(?:\/api|\$\{API_PREFIX\})\$\{\w+Path\})/,
} as const

/** The API's definitions (ADR 0022) and, before them, api/paths.ts: where a path belongs. */
const isApiDefinition = (file: string) => /packages[\\/]shared[\\/]src[\\/]api[\\/]/.test(file)

function presentation(root: string, folders: readonly string[]) {
  const counts: Record<keyof typeof PRESENTATION, { files: number; lines: number }> = {
    japaneseDate: { files: 0, lines: 0 },
    yenAmount: { files: 0, lines: 0 },
    spaPageUrl: { files: 0, lines: 0 },
    apiPath: { files: 0, lines: 0 },
  }
  for (const folder of folders) {
    for (const file of sourceFiles(root, folder)) {
      if (isTest(file) || isTestSupport(file) || isApiDefinition(file)) continue
      const lines = readFileSync(file, 'utf8').split('\n')
      for (const [kind, pattern] of Object.entries(PRESENTATION) as [
        keyof typeof PRESENTATION,
        RegExp,
      ][]) {
        const hits = lines.filter((line) => pattern.test(line)).length
        if (hits > 0) {
          counts[kind].files += 1
          counts[kind].lines += hits
        }
      }
    }
  }
  return counts
}

export function architectureReport(root: string) {
  const product = ['apps/server/src', 'apps/web/src', 'packages/shared/src']
  const webSrc = path.join(root, 'apps/web/src')
  const productFiles = (folder: string) => sourceFiles(root, folder)
  return {
    perFolder: {
      'apps/server/src': perFolder(root, 'apps/server/src'),
      'apps/server/src/modules': perFolder(root, 'apps/server/src/modules'),
      'apps/web/src': perFolder(root, 'apps/web/src'),
      'apps/web/src/features': perFolder(root, 'apps/web/src/features'),
      'packages/shared/src': perFolder(root, 'packages/shared/src'),
    },
    largestClasses: classes(root, product),
    importCycles: {
      'apps/web/src': importCycles(productFiles('apps/web/src'), { '@/': webSrc }).map(
        (component) => component.map((file) => path.relative(root, file)),
      ),
      'apps/server/src': importCycles(productFiles('apps/server/src')).map((component) =>
        component.map((file) => path.relative(root, file)),
      ),
    },
    relativeImportsClimbing: {
      threeOrMore: climbingImports(root, [...product, 'e2e'], 3),
      twoOrMore: climbingImports(root, [...product, 'e2e'], 2),
    },
    handMadePresentation: presentation(root, product),
  }
}

if (import.meta.filename === process.argv[1]) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'))
  console.log(JSON.stringify(architectureReport(root), null, 2))
}
