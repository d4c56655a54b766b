import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { wrapPglite } from '../src/db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

// PGlite takes seconds to create and migrate a database: do it once, then every suite restores
// the dump (STACK.md).
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'))
  const file = path.join(dir, 'template.tar')
  const client = await PGlite.create()
  const handle = await wrapPglite(client, () => {})
  const dump = await client.dumpDataDir('none')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('pgliteTemplate', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
