import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Issue #18 point 1: the ownership zones of eslint.config.js catch a violation. Each snippet is
// linted in place of an existing file of the payment module (typed linting needs a file that its
// TypeScript project knows); nothing is written.

const repositoryRoot = path.resolve(import.meta.dirname, '../../..')
const eslint = new ESLint({ cwd: repositoryRoot })
const RULE = 'import-x/no-restricted-paths'

async function ruleIdsOf(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(repositoryRoot, filePath),
  })
  const messages = result?.messages ?? []
  // a parsing error (ruleId null) would make every expectation below meaningless
  expect(messages.filter((message) => message.ruleId === null)).toEqual([])
  return messages.map((message) => message.ruleId)
}

// The first lint builds the server's whole TypeScript program for typed linting (half a minute
// on 2 busy cores): the suite may take longer than a unit test's default.
describe('サーバーの所有ゾーン (issue #18)', { timeout: 120_000 }, () => {
  it('リポジトリでないファイルが db/schema を読み込むと lint で失敗すること', async () => {
    const code = [
      "import { applications } from '../../db/schema/index.ts'",
      'export const table = applications',
      '',
    ].join('\n')
    const ruleIds = await ruleIdsOf(code, 'apps/server/src/modules/payment/payment-attempts.ts')
    expect(ruleIds).toContain(RULE)
  })

  it('別のモジュールのリポジトリを読み込むと lint で失敗すること', async () => {
    const code = [
      "import { markApplied } from '../application/application-repository.ts'",
      'export const write = markApplied',
      '',
    ].join('\n')
    const ruleIds = await ruleIdsOf(code, 'apps/server/src/modules/payment/payment-attempts.ts')
    expect(ruleIds).toContain(RULE)
  })

  it('自分のモジュールのリポジトリなら db/schema を読み込めること', async () => {
    const code = [
      "import { paymentAttempts } from '../../db/schema/index.ts'",
      'export const table = paymentAttempts',
      '',
    ].join('\n')
    const ruleIds = await ruleIdsOf(code, 'apps/server/src/modules/payment/payment-repository.ts')
    expect(ruleIds).toEqual([])
  })

  it('公開された操作 (*-records.ts) と自分のリポジトリを使うサービスは lint を通ること', async () => {
    const code = [
      "import { markApplied } from '../application/application-records.ts'",
      "import { findAttempt } from './payment-repository.ts'",
      'export const parts = [markApplied, findAttempt]',
      '',
    ].join('\n')
    const ruleIds = await ruleIdsOf(code, 'apps/server/src/modules/payment/payment-attempts.ts')
    expect(ruleIds).toEqual([])
  })
})
