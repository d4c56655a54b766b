import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import { GroupImportError, importGroupDocument } from '../modules/group/import-group.ts'
import { parseCliArgs, processOutput, runCli, type CliOutput } from './run-cli.ts'

// npm run import-group -w @app/server -- <document.json> [--print-links] [--base-url URL]
// Imports one group product document (docs/group-import.md). Every error is listed with its
// path and nothing is written unless the whole document is sound.

const usage =
  'Usage: npm run import-group -w @app/server -- <document.json> [--print-links] [--base-url URL]'

// Operators read these reports: schema errors in Japanese too.
z.config(z.locales.ja())

/**
 * The command without the process around it: parses `args`, imports, reports. Returns the exit
 * code: 0 imported, 1 errors (nothing written), 2 usage. With `database` it uses that database
 * and leaves it open; otherwise it opens (and closes) the one the configuration names.
 */
export async function main(
  args: string[],
  options: { config: Config; output?: CliOutput; database?: DatabaseHandle },
): Promise<number> {
  const output = options.output ?? processOutput
  const { config } = options
  const parsed = parseCliArgs(
    {
      args,
      allowPositionals: true,
      options: {
        'print-links': { type: 'boolean', default: false },
        'base-url': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    },
    usage,
    output,
  )
  if (parsed === undefined) return 2
  const { values, positionals } = parsed
  const documentPath = positionals[0]
  if (values.help || documentPath === undefined || positionals.length > 1) {
    output.stderr(`${usage}\n`)
    return values.help ? 0 : 2
  }
  // npm runs workspace scripts in the workspace folder: resolve paths from where npm was called.
  const resolvedPath = path.resolve(config.invocationDir, documentPath)
  let input: unknown
  try {
    input = JSON.parse(fs.readFileSync(resolvedPath, 'utf8'))
  } catch (error) {
    output.stderr(`${documentPath}: JSON として読み込めません (${(error as Error).message})\n`)
    return 1
  }
  const documentDir = path.dirname(resolvedPath)
  const readImage = (file: string) => {
    const resolved = path.resolve(documentDir, file)
    // Images must sit beside the document: no reading of arbitrary files.
    if (!resolved.startsWith(documentDir + path.sep) || !fs.existsSync(resolved)) return undefined
    return fs.readFileSync(resolved)
  }

  const database = options.database ?? (await openDatabase(config))
  try {
    const links = await importGroupDocument(database.db, input, { readImage })
    const baseUrl = (
      values['base-url'] ??
      config.publicBaseUrl ??
      `http://localhost:${config.port}`
    ).replace(/\/+$/, '')
    output.stdout(`取り込みました: ${links.length} 件のリンク\n`)
    for (const link of links) {
      const product = `${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`
      output.stdout(`  ${product}${link.isNew ? ' (新規)' : ''}\n`)
      if (values['print-links']) {
        output.stdout(`    加入申込: ${baseUrl}/app/ent/${product}/termsOfService\n`)
        output.stdout(`    パンフレット: ${baseUrl}/app/pamphlet/${product}\n`)
      }
    }
    return 0
  } catch (error) {
    if (error instanceof GroupImportError) {
      output.stderr(
        `${documentPath}: ${error.issues.length} 件のエラーがあります。何も書き込んでいません。\n`,
      )
      for (const issue of error.issues)
        output.stderr(`  ${issue.path || '(document)'}: ${issue.message}\n`)
      return 1
    }
    throw error
  } finally {
    if (options.database === undefined) await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
