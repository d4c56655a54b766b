import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { openDatabase } from '../db/client.ts'
import { loadConfig } from '../env.ts'
import { GroupImportError, importGroupDocument } from '../modules/group/import-group.ts'

// npm run import-group -w @app/server -- <document.json> [--print-links] [--base-url URL]
// Imports one group product document (docs/group-import.md). Every error is listed with its
// path and nothing is written unless the whole document is sound.

const usage =
  'Usage: npm run import-group -w @app/server -- <document.json> [--print-links] [--base-url URL]'

// Operators read these reports: schema errors in Japanese too.
z.config(z.locales.ja())

async function run(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'print-links': { type: 'boolean', default: false },
      'base-url': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  const documentPath = positionals[0]
  if (values.help || documentPath === undefined || positionals.length > 1) {
    process.stderr.write(`${usage}\n`)
    return values.help ? 0 : 2
  }
  const config = loadConfig()
  // npm runs workspace scripts in the workspace folder: resolve paths from where npm was called.
  const resolvedPath = path.resolve(config.invocationDir, documentPath)
  let input: unknown
  try {
    input = JSON.parse(fs.readFileSync(resolvedPath, 'utf8'))
  } catch (error) {
    process.stderr.write(
      `${documentPath}: JSON として読み込めません (${(error as Error).message})\n`,
    )
    return 1
  }
  const documentDir = path.dirname(resolvedPath)
  const readImage = (file: string) => {
    const resolved = path.resolve(documentDir, file)
    // Images must sit beside the document: no reading of arbitrary files.
    if (!resolved.startsWith(documentDir + path.sep) || !fs.existsSync(resolved)) return undefined
    return fs.readFileSync(resolved)
  }

  const database = await openDatabase(config)
  try {
    const links = await importGroupDocument(database.db, input, { readImage })
    const baseUrl = (
      values['base-url'] ??
      config.publicBaseUrl ??
      `http://localhost:${config.port}`
    ).replace(/\/+$/, '')
    process.stdout.write(`取り込みました: ${links.length} 件のリンク\n`)
    for (const link of links) {
      const product = `${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`
      process.stdout.write(`  ${product}${link.isNew ? ' (新規)' : ''}\n`)
      if (values['print-links']) {
        process.stdout.write(`    加入申込: ${baseUrl}/app/ent/${product}/termsOfService\n`)
        process.stdout.write(`    パンフレット: ${baseUrl}/app/pamphlet/${product}\n`)
      }
    }
    return 0
  } catch (error) {
    if (error instanceof GroupImportError) {
      process.stderr.write(
        `${documentPath}: ${error.issues.length} 件のエラーがあります。何も書き込んでいません。\n`,
      )
      for (const issue of error.issues)
        process.stderr.write(`  ${issue.path || '(document)'}: ${issue.message}\n`)
      return 1
    }
    throw error
  } finally {
    await database.close()
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
