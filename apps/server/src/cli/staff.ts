import { AppError, formatJapaneseDateTime } from '@app/shared'
import { mailAddressSchema } from '@app/shared/api/access/fields'
import type { StaffRole } from '@app/shared/rules/staff-permissions'
import { fixedClock, systemClock } from '../clock.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import { loadServerKeys } from '../modules/security/secrets.ts'
import { StaffIdentityService } from '../modules/staff/staff-identity-service.ts'
import { StaffSessions } from '../modules/staff/staff-sessions.ts'
import { parseCliArgs, processOutput, runCli, type CliOutput } from './run-cli.ts'

// npm run staff -w @app/server -- add --email a@b.jp --name 山田 --role insurer-admin [--agency AG001]
// npm run staff -w @app/server -- add --email c@d.jp --name 団体 --role group-contact --group G001
// npm run staff -w @app/server -- list
// The back office's people from the command line (issue #20 point 2, ADR 0026): the first insurer
// administrator is made here. `add` creates an invited member and prints their one-time
// enrolment link (24 hours); the same link is mailed to them (the server's delivery job sends
// it). The creation is audited with actor 'system'. Exit 0 done, 1 refused, 2 usage.

const USAGE =
  'usage: staff add --email <address> --name <name> --role insurer-admin|insurer-operator|agency-staff|auditor|group-contact [--agency <agentCd>] [--group <groupPfCode>]\n' +
  '       staff list'

const roles: Readonly<Record<string, StaffRole>> = {
  'insurer-admin': 'insurerAdmin',
  'insurer-operator': 'insurerOperator',
  'agency-staff': 'agencyStaff',
  auditor: 'auditor',
  'group-contact': 'groupContact',
}

const roleNames: Readonly<Record<StaffRole, string>> = {
  insurerAdmin: 'insurer-admin',
  insurerOperator: 'insurer-operator',
  agencyStaff: 'agency-staff',
  auditor: 'auditor',
  groupContact: 'group-contact',
}

/** A refusal of the service, told in both languages (never with the address or the name). */
function refusalLine(error: AppError): string {
  const issue = error.issues?.[0]
  if (issue !== undefined) return `${issue.message} / ${issue.path}: ${error.message}\n`
  if (error.errorCode === 'ADMC0001') {
    return 'このメールアドレスのスタッフはすでにいます / a staff member with this address exists\n'
  }
  return `登録できませんでした / refused: ${error.errorCode}\n`
}

export async function main(
  args: string[],
  options: {
    config: Config
    /** tests: a database already open (left open) */
    database?: DatabaseHandle
    output?: CliOutput
  },
): Promise<number> {
  const output = options.output ?? processOutput
  const parsed = parseCliArgs(
    {
      args,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        agency: { type: 'string' },
        group: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    },
    USAGE,
    output,
  )
  if (parsed === undefined) return 2
  const { values, positionals } = parsed
  const [command] = positionals
  if (positionals.length !== 1 || (command !== 'add' && command !== 'list')) {
    output.stderr(`${USAGE}\n`)
    return 2
  }
  const role = roles[values.role ?? '']
  const name = values.name?.trim() ?? ''
  if (command === 'add') {
    if (role === undefined || name === '' || name.length > 100 || values.email === undefined) {
      output.stderr(`${USAGE}\n`)
      return 2
    }
    if (!mailAddressSchema.safeParse(values.email).success) {
      output.stderr('メールアドレスの形式ではありません / not a mail address\n')
      return 2
    }
  }

  const { config } = options
  const database = options.database ?? (await openDatabase(config))
  try {
    const db = database.db
    const clock = config.appNow === undefined ? systemClock : fixedClock(config.appNow)
    const keys = await loadServerKeys(db, config.serverKeys)
    const identity = new StaffIdentityService({
      db,
      clock,
      totpClock: systemClock,
      keys,
      sessions: new StaffSessions({ db, keys, clock }),
      publicBaseUrl: () => config.publicBaseUrl ?? `http://localhost:${config.port}`,
      // the mail waits in the outbox: the server's delivery job sends it
      deliverMail: () => Promise.resolve('retrying'),
      clientLimit: config.authRateLimitMax,
    })
    if (command === 'list') {
      for (const member of await identity.list()) {
        const methods = [
          member.hasPasskey ? 'passkey' : '',
          member.hasPasswordTotp ? 'password-totp' : '',
        ]
        output.stdout(
          `${member.email}\t${roleNames[member.role]}\t${member.status}\t${member.agentCd ?? member.groupPfCode ?? '-'}\t${methods.filter(Boolean).join(',') || '-'}\n`,
        )
      }
      return 0
    }
    if (role === undefined || values.email === undefined) return 2
    try {
      const added = await identity.addMember(
        {
          email: values.email,
          name,
          role,
          agentCd: values.agency ?? null,
          groupPfCode: values.group ?? null,
        },
        { kind: 'system', clientAddress: null },
      )
      const expiresAt = new Date(Date.parse(added.expiresAt))
      output.stdout(
        `スタッフを登録しました / staff member added: ${added.member.email} (${roleNames[role]})\n` +
          `登録リンク（1回限り、${formatJapaneseDateTime(expiresAt)}まで） / one-time enrolment link (until ${added.expiresAt}):\n` +
          `${added.enrolmentUrl}\n`,
      )
      return 0
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      output.stderr(refusalLine(error))
      return 1
    }
  } finally {
    if (options.database === undefined) await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
