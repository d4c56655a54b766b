import { parseArgs } from 'node:util'
import { loadConfig } from '../env.ts'
import { SANDBOX_PREFIX } from '../modules/payment/provider-settings.ts'
import { processOutput, runCli, type CliOutput } from './run-cli.ts'

// npm run sandbox-deposit -w @app/server -- --account 1234567 --amount 12000
//   [--name <振込人名>] [--url http://127.0.0.1:3000]
// Simulates a customer's bank transfer into a virtual account of the sandbox provider
// (docs/payment.md "Virtual accounts and deposits"). It calls the running server over HTTP:
// the embedded database belongs to that one process. The server then posts the signed deposit
// notification to the product and reports what the product answered.

const usage =
  'Usage: npm run sandbox-deposit -w @app/server -- --account <7桁の口座番号> --amount <金額（円）> [--name <振込人名>] [--url <サーバーのURL>]'

/** The server waits up to 10 s for the product's answer to the notification. */
const REQUEST_TIMEOUT_MS = 20_000

function formatYen(amount: number): string {
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}円`
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** The error code of a provider error body, if it is one. */
function errorCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  const { error } = body
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}

/**
 * The command without the process around it. Returns the exit code: 0 the deposit was recorded
 * and the product accepted its notification (2xx), 1 anything else went wrong, 2 usage.
 */
export async function main(
  args: string[],
  options: { defaultUrl: string; output?: CliOutput },
): Promise<number> {
  const output = options.output ?? processOutput
  let parsed
  try {
    parsed = parseArgs({
      args,
      options: {
        account: { type: 'string' },
        amount: { type: 'string' },
        name: { type: 'string' },
        url: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    })
  } catch (error) {
    output.stderr(`指定の仕方に誤りがあります（${(error as Error).message}）。\n${usage}\n`)
    return 2
  }
  const { values } = parsed
  if (values.help) {
    output.stdout(`${usage}\n`)
    return 0
  }
  const problems: string[] = []
  if (values.account === undefined || !/^\d{7}$/.test(values.account)) {
    problems.push('--account に振込先の口座番号を7桁の半角数字で指定してください。')
  }
  const amount = values.amount === undefined ? Number.NaN : Number(values.amount)
  if (
    values.amount === undefined ||
    !/^\d{1,10}$/.test(values.amount) ||
    amount < 1 ||
    amount > 2_147_483_647
  ) {
    problems.push('--amount に金額（円）を1以上の半角数字で指定してください。')
  }
  if (values.name !== undefined && (values.name.length === 0 || values.name.length > 100)) {
    problems.push('--name の振込人名は1〜100文字で指定してください。')
  }
  const baseUrl = (values.url ?? options.defaultUrl).replace(/\/+$/, '')
  if (!isHttpUrl(baseUrl)) {
    problems.push('--url にサーバーのURLを http:// か https:// で始めて指定してください。')
  }
  if (problems.length > 0 || values.account === undefined) {
    output.stderr(`${problems.join('\n')}\n${usage}\n`)
    return 2
  }

  const endpoint = `${baseUrl}${SANDBOX_PREFIX}/v1/virtual-accounts/deposits`
  let response: Response
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        accountNumber: values.account,
        amount,
        ...(values.name === undefined ? {} : { depositorName: values.name }),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch {
    output.stderr(
      `サーバー ${baseUrl} に接続できません。サーバーが起動しているか、--url を確かめてください。\n`,
    )
    return 1
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.status !== 201) {
    const code = errorCodeOf(body)
    if (response.status === 404 && code === undefined) {
      output.stderr(
        `サンドボックス決済が見つかりません（HTTP 404）。サーバーがサンドボックス決済を有効にして（SANDBOX_PAYMENT=on、本番以外の既定）起動しているか確かめてください。\n`,
      )
    } else {
      output.stderr(
        `入金を記録できませんでした（HTTP ${response.status}${code === undefined ? '' : `、${code}`}）。\n`,
      )
    }
    return 1
  }
  const { id, deliveredStatus } = body as { id: string; deliveredStatus: number | null }
  output.stdout(
    `入金を記録しました（入金ID ${id}、口座番号 ${values.account}、${formatYen(amount)}）。\n`,
  )
  if (deliveredStatus === null) {
    output.stderr(
      '入金通知を届けられませんでした（通知先に接続できないか、10秒以内に応答がありませんでした）。\n',
    )
    return 1
  }
  if (deliveredStatus < 200 || deliveredStatus >= 300) {
    output.stderr(`入金通知は受け付けられませんでした（HTTP ${deliveredStatus}）。\n`)
    return 1
  }
  output.stdout(`入金通知は受け付けられました（HTTP ${deliveredStatus}）。\n`)
  return 0
}

runCli(import.meta.filename, () => ({ defaultUrl: `http://127.0.0.1:${loadConfig().port}` }), main)
