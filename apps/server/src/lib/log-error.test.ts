import { describe, expect, it } from 'vitest'
import { AppError, errorCodes } from '@app/shared'
import { loggableError, loggableErrorField } from './log-error.ts'

// Issue #17 point 3: what of an error reaches the log.

class DrizzleQueryError extends Error {
  readonly query: string
  readonly params: unknown[]

  constructor(query: string, params: unknown[], cause: unknown) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause })
    this.query = query
    this.params = params
  }
}

function databaseError(message: string, fields: Record<string, string>): Error {
  return Object.assign(new Error(message), fields)
}

describe('ログに書くエラーの形', () => {
  it('失敗したSQLは文とSQLSTATEと制約名だけで、値もデータベースのメッセージも書かないこと', () => {
    const cause = databaseError('Key (first_entry_id)=(ABCDE23456) already exists.', {
      code: '23505',
      constraint: 'roster_members_first_entry_id_key',
      table: 'roster_members',
      detail: 'Key (first_entry_id)=(ABCDE23456) already exists.',
    })
    const error = new DrizzleQueryError(
      'insert into roster_members (first_entry_id) values ($1)',
      ['ABCDE23456'],
      cause,
    )
    const logged = loggableError(error)
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      sql: 'insert into roster_members (first_entry_id) values ($1)',
      cause: {
        type: 'Error',
        code: '23505',
        constraint: 'roster_members_first_entry_id_key',
        table: 'roster_members',
      },
    })
    expect(JSON.stringify(logged)).not.toContain('ABCDE23456')
    expect(logged.stack).toMatch(/^\s+at /)
  })

  it('値を引用する Node のエラー（コードつき）はコードだけを書くこと', () => {
    const error = Object.assign(
      new TypeError("The argument 'path' must be a string without null bytes. Received 'a\0b.pdf'"),
      { code: 'ERR_INVALID_ARG_VALUE' },
    )
    const logged = loggableError(error)
    expect(logged).toMatchObject({ type: 'TypeError', code: 'ERR_INVALID_ARG_VALUE' })
    expect(JSON.stringify(logged)).not.toContain('b.pdf')
  })

  it('このアプリのエラーは理由を書くこと（個人情報を含めない英文）', () => {
    const error = new AppError(errorCodes.system, { message: 'the renewal is gone' })
    expect(loggableError(error)).toMatchObject({ message: 'the renewal is gone' })
    expect(loggableError('thrown text')).toEqual({ type: 'string' })
  })

  it('error の欄はすでに絞った値（送信の失敗の要約）をそのまま書き、例外だけを絞ること', () => {
    expect(loggableErrorField('554 RCPT TO')).toBe('554 RCPT TO')
    expect(loggableErrorField({ name: 'Error', code: 'ECONNREFUSED' })).toEqual({
      name: 'Error',
      code: 'ECONNREFUSED',
    })
    const quoted = Object.assign(new Error("Received 'a@b.jp'"), { code: 'ERR_INVALID_ARG_VALUE' })
    expect(loggableErrorField(quoted)).toMatchObject({
      type: 'Error',
      code: 'ERR_INVALID_ARG_VALUE',
    })
    expect(JSON.stringify(loggableErrorField(quoted))).not.toContain('a@b.jp')
  })
})
