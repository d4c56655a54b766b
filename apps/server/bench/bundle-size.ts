import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

// The bundle budget of PRODUCT.md: initial JavaScript of a screen = the entry script(s) of
// index.html and everything they import statically (transitively), plus the screen's lazy route
// chunk and everything IT imports statically. Sizes are gzip level 9, per file, in KiB.
//
// The import graph comes from Vite's manifest (dist/.vite/manifest.json) when the build wrote
// one; otherwise from the built files themselves: the leading `import … from "./x.js"` /
// `import "./x.js"` statements (a bundler hoists every static import to the top of a chunk) and
// `import("./x.js")` anywhere for lazy chunks.

interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

type Manifest = Record<string, ManifestChunk>

/** The JS import graph of a build; every name is a path relative to dist, e.g. assets/x.js. */
interface ChunkGraph {
  source: 'manifest' | 'parsed files'
  entryFiles: string[]
  staticImports: Map<string, string[]>
  dynamicImports: Map<string, string[]>
  allJsFiles: string[]
  /** a readable name for a lazy target: the source module when known */
  nameOf(file: string): string
}

export interface ScreenRow {
  screen: string
  file: string
  initialGzipBytes: number
  ownGzipBytes: number
  /** what navigating to the screen downloads on top of the entry */
  addedGzipBytes: number
}

export interface BundleReport {
  distDir: string
  graphSource: ChunkGraph['source']
  entryFiles: string[]
  entryClosureGzipBytes: number
  entryClosureFiles: string[]
  screens: ScreenRow[]
  /** JS chunks loaded only later that are not themselves a screen (shared by lazy screens) */
  sharedLaterChunks: { file: string; gzipBytes: number }[]
}

// ---- building ----------------------------------------------------------------------------

/**
 * Builds the web app when dist/index.html is missing. `--manifest` only adds
 * dist/.vite/manifest.json (the chunks are the same), so the screens get their source names.
 */
export async function ensureWebBuilt(repoRoot: string, distDir: string): Promise<boolean> {
  // The landing pages' server render (ADR 0036) is built beside it, with it.
  const serverEntry = path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js')
  if (fs.existsSync(path.join(distDir, 'index.html')) && fs.existsSync(serverEntry)) return false
  const output: Buffer[] = []
  const code = await new Promise<number | null>((resolve, reject) => {
    // The client build writes its manifest itself (vite.config.ts).
    const child = spawn('npm', ['run', 'build', '-w', '@app/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) {
    throw new Error(
      `npm run build -w @app/web failed (${code}):\n${Buffer.concat(output).toString()}`,
    )
  }
  return true
}

// ---- the graph -----------------------------------------------------------------------------

function toPosix(file: string): string {
  return file.split(path.sep).join('/')
}

/** A URL or path from index.html or an import, as a file in dist ('/app/assets/x.js' → 'assets/x.js'). */
function resolveInDist(distDir: string, reference: string, fromFile?: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//')) return undefined
  const clean = reference.split(/[?#]/)[0] ?? ''
  if (fromFile !== undefined && (clean.startsWith('./') || clean.startsWith('../'))) {
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), clean))
    return fs.existsSync(path.join(distDir, joined)) ? joined : undefined
  }
  // An absolute URL carries the base (e.g. /app/): drop leading segments until a file matches.
  const segments = clean.split('/').filter((segment) => segment !== '')
  for (let start = 0; start < segments.length; start += 1) {
    const candidate = segments.slice(start).join('/')
    if (fs.existsSync(path.join(distDir, candidate))) return candidate
  }
  return undefined
}

/** The module scripts and module preloads of index.html: what the browser loads first. */
function entryReferences(indexHtml: string): string[] {
  const references: string[] = []
  for (const [tag] of indexHtml.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attribute = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((value) => value !== undefined)
    const isModuleScript = /^<script/i.test(tag) && attribute('type') === 'module'
    const isModulePreload = /^<link/i.test(tag) && attribute('rel') === 'modulepreload'
    const reference = isModuleScript
      ? attribute('src')
      : isModulePreload
        ? attribute('href')
        : undefined
    if (reference !== undefined) references.push(reference)
  }
  return references
}

function listJsFiles(distDir: string): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.m?js$/.test(entry.name)) files.push(toPosix(path.relative(distDir, full)))
    }
  }
  walk(distDir)
  return files.sort()
}

function graphFromManifest(distDir: string, manifest: Manifest, entryFiles: string[]): ChunkGraph {
  const keyOfFile = new Map<string, string>()
  for (const [key, chunk] of Object.entries(manifest)) keyOfFile.set(chunk.file, key)
  const filesOf = (keys: string[] | undefined) =>
    (keys ?? []).flatMap((key) => {
      const file = manifest[key]?.file
      return file === undefined || !/\.m?js$/.test(file) ? [] : [file]
    })
  const staticImports = new Map<string, string[]>()
  const dynamicImports = new Map<string, string[]>()
  for (const chunk of Object.values(manifest)) {
    if (!/\.m?js$/.test(chunk.file)) continue
    staticImports.set(chunk.file, filesOf(chunk.imports))
    dynamicImports.set(chunk.file, filesOf(chunk.dynamicImports))
  }
  // index.html's scripts, and the build's other entries: the boot script that a server-rendered
  // landing page runs before the app (apps/web/src/boot.ts, ADR 0036) is counted on every screen.
  const entries = [
    ...new Set([
      ...entryFiles,
      ...Object.values(manifest)
        .filter((chunk) => chunk.isEntry === true && /\.m?js$/.test(chunk.file))
        .map((chunk) => chunk.file),
    ]),
  ]
  return {
    source: 'manifest',
    entryFiles: entries,
    staticImports,
    dynamicImports,
    allJsFiles: [...staticImports.keys()].filter((file) => fs.existsSync(path.join(distDir, file))),
    nameOf: (file) => {
      const chunk = manifest[keyOfFile.get(file) ?? '']
      return chunk?.src ?? chunk?.name ?? file
    },
  }
}

const STRING = String.raw`(?:"([^"\n]*)"|'([^'\n]*)')`
// `import x from"…"`, `import{a as b}from"…"`, `import*as n from"…"`, `import"…"`; `export{…}from"…"`
const LEADING_IMPORT = new RegExp(
  String.raw`(?:import\s*(?:[^"'\`;()]*?\s*from\s*)?|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)${STRING}\s*;?`,
  'y',
)
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`$\n]*)`)\s*\)/g

/** The specifiers of the static import/export-from statements at the top of a module. */
export function leadingStaticImports(code: string): string[] {
  const specifiers: string[] = []
  let position = code.startsWith('#!') ? code.indexOf('\n') + 1 : 0
  for (;;) {
    // whitespace and comments between statements
    const gap = /(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/y
    gap.lastIndex = position
    gap.exec(code)
    position = gap.lastIndex
    if (code.startsWith('import.', position) || code.startsWith('import(', position)) break
    LEADING_IMPORT.lastIndex = position
    const match = LEADING_IMPORT.exec(code)
    if (match === null) break
    const specifier = match[1] ?? match[2]
    if (specifier !== undefined) specifiers.push(specifier)
    position = LEADING_IMPORT.lastIndex
  }
  return specifiers
}

export function dynamicImportSpecifiers(code: string): string[] {
  return [...code.matchAll(DYNAMIC_IMPORT)].flatMap((match) => {
    const specifier = match[1] ?? match[2] ?? match[3]
    return specifier === undefined ? [] : [specifier]
  })
}

/** Without a manifest, a lazy chunk 'assets/terms-of-service-hkcJHTI0.js' is named by the one source file of that name, if there is exactly one. */
function sourceGuesser(webDir: string): (file: string) => string {
  const sources = new Map<string, string[]>()
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        const base = entry.name.replace(/\.(tsx?|jsx?)$/, '')
        sources.set(base, [...(sources.get(base) ?? []), toPosix(path.relative(webDir, full))])
      }
    }
  }
  walk(path.join(webDir, 'src'))
  return (file) => {
    const base = path.posix.basename(file).replace(/-[A-Za-z0-9_-]{8}\.m?js$/, '')
    const candidates = sources.get(base) ?? []
    return candidates.length === 1 && candidates[0] !== undefined
      ? candidates[0]
      : `${file} (source not known)`
  }
}

function graphFromFiles(distDir: string, entryFiles: string[], webDir: string): ChunkGraph {
  const allJsFiles = listJsFiles(distDir)
  const staticImports = new Map<string, string[]>()
  const dynamicImports = new Map<string, string[]>()
  for (const file of allJsFiles) {
    const code = fs.readFileSync(path.join(distDir, file), 'utf8')
    const resolve = (specifiers: string[]) =>
      specifiers.flatMap((specifier) => {
        const resolved = resolveInDist(distDir, specifier, file)
        return resolved === undefined || !/\.m?js$/.test(resolved) ? [] : [resolved]
      })
    staticImports.set(file, resolve(leadingStaticImports(code)))
    dynamicImports.set(file, resolve(dynamicImportSpecifiers(code)))
  }
  return {
    source: 'parsed files',
    entryFiles,
    staticImports,
    dynamicImports,
    allJsFiles,
    nameOf: sourceGuesser(webDir),
  }
}

// ---- sizes -----------------------------------------------------------------------------------

export function measureBundle(
  distDir: string,
  options: { ignoreManifest?: boolean; webDir?: string } = {},
): BundleReport {
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const entryFiles = [
    ...new Set(
      entryReferences(indexHtml).flatMap((reference) => {
        const file = resolveInDist(distDir, reference)
        return file === undefined || !/\.m?js$/.test(file) ? [] : [file]
      }),
    ),
  ]
  const manifestPath = path.join(distDir, '.vite', 'manifest.json')
  const graph =
    options.ignoreManifest !== true && fs.existsSync(manifestPath)
      ? graphFromManifest(
          distDir,
          JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest,
          entryFiles,
        )
      : graphFromFiles(distDir, entryFiles, options.webDir ?? path.dirname(distDir))
  if (graph.entryFiles.length === 0)
    throw new Error(`no entry script found in ${distDir}/index.html`)

  const gzipCache = new Map<string, number>()
  const gzipSize = (file: string): number => {
    let size = gzipCache.get(file)
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length
      gzipCache.set(file, size)
    }
    return size
  }
  const closure = (roots: string[]): Set<string> => {
    const seen = new Set<string>()
    const stack = [...roots]
    while (stack.length > 0) {
      const file = stack.pop()
      if (file === undefined || seen.has(file)) continue
      seen.add(file)
      stack.push(...(graph.staticImports.get(file) ?? []))
    }
    return seen
  }
  const total = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => sum + gzipSize(file), 0)

  const entryClosure = closure(graph.entryFiles)
  // Every dynamic-import target reachable from the entry, through lazy chunks too.
  const lazyTargets: string[] = []
  const visited = new Set<string>()
  const queue = [...graph.entryFiles]
  while (queue.length > 0) {
    const file = queue.shift()
    if (file === undefined || visited.has(file)) continue
    visited.add(file)
    for (const target of graph.dynamicImports.get(file) ?? []) {
      if (!lazyTargets.includes(target)) lazyTargets.push(target)
      queue.push(target)
    }
    queue.push(...(graph.staticImports.get(file) ?? []))
  }

  const screens = lazyTargets
    .map((file): ScreenRow => {
      const screenClosure = closure([file])
      const added = [...screenClosure].filter((chunk) => !entryClosure.has(chunk))
      return {
        screen: graph.nameOf(file),
        file,
        initialGzipBytes: total(new Set([...entryClosure, ...screenClosure])),
        ownGzipBytes: gzipSize(file),
        addedGzipBytes: total(added),
      }
    })
    .sort((a, b) => a.screen.localeCompare(b.screen))
  const sharedLaterChunks = graph.allJsFiles
    .filter((file) => !entryClosure.has(file) && !lazyTargets.includes(file))
    .map((file) => ({ file, gzipBytes: gzipSize(file) }))

  return {
    distDir,
    graphSource: graph.source,
    entryFiles: graph.entryFiles,
    entryClosureFiles: [...entryClosure],
    entryClosureGzipBytes: total(entryClosure),
    screens,
    sharedLaterChunks,
  }
}
