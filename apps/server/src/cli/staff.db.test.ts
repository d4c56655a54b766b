import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { t } from '@app/shared'
import { enrolmentInfoApi } from '@app/shared/api/admin/endpoints'
import { createTestApp, createTestDatabase, testConfig, testNow } from '../../test/helpers.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { auditLog } from '../db/schema/index.ts'
import { apiUrl } from '../lib/api-url.ts'
import { importGroupDocument } from '../modules/group/import-group.ts'
import { upsertAgency } from '../modules/staff/staff-repository.ts'
import { groupDocument, readTestImage } from '../../test/factories.ts'
import { main } from './staff.ts'

// npm run staff (issue #20 point 2): the first administrator from the command line, with a
// one-time enrolment link that the console then takes.

describe('npm run staff', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database)
    await upsertAgency(database.db, { agentCd: 'AG001', agentName: '代理店AG001' }, testNow)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  async function run(args: string[]) {
    const stdout: string[] = []
    const stderr: string[] = []
    const code = await main(args, {
      config: testConfig({
        PUBLIC_BASE_URL: 'https://hoken.example.jp',
        APP_NOW: testNow.toISOString(),
      }),
      database,
      output: { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text) },
    })
    return { code, stdout: stdout.join(''), stderr: stderr.join('') }
  }

  it('add は招待中のスタッフを作り、使える登録リンクと期限を表示すること', async () => {
    const result = await run([
      'add',
      '--email',
      'First.Admin@Example.jp',
      '--name',
      '山田 太郎',
      '--role',
      'insurer-admin',
    ])
    expect(result.code).toBe(0)
    const [, link = ''] =
      /(https:\/\/hoken\.example\.jp\/admin\/enrol#[A-Za-z0-9_-]{43})\n$/.exec(result.stdout) ?? []
    expect(result.stdout).toContain('staff member added: first.admin@example.jp (insurer-admin)')
    expect(result.stdout).toContain('2026年11月21日 10時00分まで')
    const token = link.split('#')[1]
    const info = await app.inject({
      method: 'POST',
      url: apiUrl(enrolmentInfoApi),
      payload: { token },
    })
    expect([info.statusCode, info.json()]).toEqual([
      200,
      {
        name: '山田 太郎',
        email: 'first.admin@example.jp',
        role: 'insurerAdmin',
        expiresAt: '2026-11-21T01:00:00.000Z',
      },
    ])
    const entries = await database.db
      .select({ actorKind: auditLog.actorKind, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.invited'))
    expect(entries).toEqual([{ actorKind: 'system', actorId: null }])

    const list = await run(['list'])
    expect(list).toEqual({
      code: 0,
      stdout: 'first.admin@example.jp\tinsurer-admin\tinvited\t-\t-\n',
      stderr: '',
    })
  })

  it('団体担当者は --group の団体でだけ作れ、ほかの役割に --group は付けられないこと (issue #21)', async () => {
    await importGroupDocument(database.db, groupDocument({ groupPfCode: 'G000321' }), {
      readImage: readTestImage,
    })
    const contact = await run(
      'add --email contact@example.jp --name 団体一子 --role group-contact --group G000321'.split(
        ' ',
      ),
    )
    expect(contact.code).toBe(0)
    expect(contact.stdout).toContain('staff member added: contact@example.jp (group-contact)')
    const listed = await run(['list'])
    expect(listed.stdout).toContain('contact@example.jp\tgroup-contact\tinvited\tG000321\t-\n')
    const missing = await run(
      'add --email contact2@example.jp --name 団体二子 --role group-contact'.split(' '),
    )
    expect(missing).toEqual({
      code: 1,
      stdout: '',
      stderr: `${t('staffIdentity.groupPfCode.required')} / groupPfCode: group contact without group\n`,
    })
    const unknown = await run(
      'add --email contact3@example.jp --name 団体三子 --role group-contact --group NOPE'.split(
        ' ',
      ),
    )
    expect(unknown.stderr).toBe(
      `${t('staffIdentity.groupPfCode.unknown')} / groupPfCode: unknown group\n`,
    )
    const other = await run(
      'add --email contact4@example.jp --name 団体四子 --role auditor --group G000321'.split(' '),
    )
    expect(other.stderr).toBe(
      `${t('staffIdentity.groupPfCode.notAllowed')} / groupPfCode: group of a non-group role\n`,
    )
  })

  it('代理店スタッフは知っている代理店でだけ作れ、同じアドレスは二度作れないこと', async () => {
    const agency = await run([
      'add',
      '--email',
      'agent@example.jp',
      '--name',
      '代理 花子',
      '--role',
      'agency-staff',
      '--agency',
      'AG001',
    ])
    expect(agency.code).toBe(0)
    const unknown = await run([
      'add',
      '--email',
      'agent2@example.jp',
      '--name',
      '代理 次郎',
      '--role',
      'agency-staff',
      '--agency',
      'NOPE',
    ])
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: `${t('staffIdentity.agentCd.unknown')} / agentCd: unknown agency\n`,
    })
    const again = await run([
      'add',
      '--email',
      'AGENT@example.jp',
      '--name',
      '重複',
      '--role',
      'auditor',
    ])
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'このメールアドレスのスタッフはすでにいます / a staff member with this address exists\n',
    })
  })

  it.each([
    [['add', '--email', 'x@example.jp', '--name', 'x', '--role', 'superuser']],
    [['add', '--email', 'not-an-address', '--name', 'x', '--role', 'auditor']],
    [['remove']],
    [['add', '--email', 'x@example.jp', '--role', 'auditor']],
  ])('%j は使い方を示して 2 で終わること', async (args) => {
    const result = await run(args)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).not.toBe('')
  })
})
