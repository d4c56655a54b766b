import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/client.ts'
import { sandboxPayPayments } from '../db/schema/index.ts'
import { createTestApp, createTestDatabase, testNow } from '../../test/helpers.ts'
import { RETURN_URL, SandboxClient } from './sandbox-testing.ts'
import { SANDBOX_3DS_PASSWORD, sandboxTestCards } from './test-cards.ts'

// The 3-D Secure page (docs/payment.md "3-D Secure"): server-rendered Japanese HTML, one form,
// no script; the final outcome sends the browser back to the merchant's return URL.

function decode(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

/** The visible text of an element's content: tags removed, white space collapsed. */
function textOf(fragment: string): string {
  return decode(fragment.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

function element(body: string, tag: string): string | undefined {
  return new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(body)?.[1]
}

/** The content of the element with this id. */
function byId(body: string, id: string): string | undefined {
  return new RegExp(`<(\\w+)\\b[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(body)?.[2]
}

/** The attributes of the first tag matching `selector` (a regex source for the tag's start). */
function attributesOf(body: string, tagStart: string): Record<string, string> {
  const tag = new RegExp(`<${tagStart}[^>]*>`).exec(body)?.[0] ?? ''
  const attributes: Record<string, string> = {}
  for (const match of tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
    if (match[1] !== undefined) attributes[match[1]] = decode(match[2] ?? '')
  }
  return attributes
}

describe('サンドボックス決済: 本人認証（3Dセキュア）の画面', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let client: SandboxClient

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database)
    client = new SandboxClient(app, app.paymentSettings)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  async function challenge(scenario: 'threeDSecure' | 'threeDSecureDeclined' = 'threeDSecure') {
    const response = await client.payWith(sandboxTestCards[scenario])
    const body = response.json<{ id: string; challengeUrl: string }>()
    return { id: body.id, path: new URL(body.challengeUrl).pathname }
  }

  function submit(path: string, form: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  }

  async function paymentRow(id: string) {
    const [row] = await database.db
      .select()
      .from(sandboxPayPayments)
      .where(eq(sandboxPayPayments.id, id))
    return row
  }

  it('日本語の認証画面を返すこと（金額・パスワード欄・ヒント・2つのボタン）', async () => {
    const { path } = await challenge()
    const response = await app.inject({ method: 'GET', url: path })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.body
    expect(body.startsWith('<!doctype html>')).toBe(true)
    expect(body).toContain('<html lang="ja">')
    expect(textOf(element(body, 'title') ?? '')).toBe('本人認証（3Dセキュア）｜サンドボックス決済')
    expect(textOf(element(body, 'h1') ?? '')).toBe('本人認証（3Dセキュア）')
    const main = textOf(element(body, 'main') ?? '')
    expect(main).toContain('お支払い金額 12,000円')
    expect(main).toContain('テスト用のパスワードは 123456 です。')
    expect(textOf(element(body, 'label') ?? '')).toBe('パスワード')
    expect(attributesOf(body, 'label')).toMatchObject({ for: 'password' })
    expect(attributesOf(body, 'input')).toMatchObject({
      id: 'password',
      name: 'password',
      type: 'password',
      'aria-describedby': 'password-hint',
    })
    expect(attributesOf(body, 'input')).not.toHaveProperty('aria-invalid')
    expect(textOf(byId(body, 'password-hint') ?? '')).toBe('テスト用のパスワードは 123456 です。')
    expect(attributesOf(body, 'form')).toMatchObject({ method: 'post', action: path })
    expect(body.match(/<form\b/g)).toHaveLength(1)
    const buttons = [...body.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map((match) => [
      /value="([^"]*)"/.exec(match[1] ?? '')?.[1],
      textOf(match[2] ?? ''),
    ])
    expect(buttons).toEqual([
      ['authenticate', '認証する'],
      ['cancel', 'キャンセル'],
    ])
    expect(body).not.toContain('role="alert"')
  })

  it('スクリプトも style 属性もなく、スタイルは CSP の nonce で許した1つだけであること', async () => {
    const { path } = await challenge()
    const response = await app.inject({ method: 'GET', url: path })
    const body = response.body
    expect(body).not.toMatch(/<script\b/)
    expect(body).not.toMatch(/\sstyle=/)
    expect(body).not.toMatch(/\son[a-z]+=/)
    const nonces = [...body.matchAll(/<style nonce="([^"]+)">/g)].map((match) => match[1])
    expect(nonces).toHaveLength(1)
    expect(response.headers['content-security-policy']).toBe(
      [
        "default-src 'none'",
        `style-src 'nonce-${nonces[0]}'`,
        'img-src data:',
        "form-action 'self' http://localhost",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join('; '),
    )
    const again = await app.inject({ method: 'GET', url: path })
    expect(again.body).not.toContain(`nonce="${nonces[0]}"`)
  })

  it('正しいパスワードで認証すると 303 で戻り先へ戻し、決済は承認済みになること', async () => {
    const { id, path } = await challenge()
    const response = await submit(path, { action: 'authenticate', password: SANDBOX_3DS_PASSWORD })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(RETURN_URL)
    expect(await paymentRow(id)).toMatchObject({
      status: 'authorized',
      errorCode: null,
      challengeCompletedAt: testNow,
    })
    const capture = await client.call('POST', `/v1/payments/${id}/capture`)
    expect(capture.json()).toEqual({ id, status: 'captured', amount: 12000 })
  })

  // Issue #23 point 5: Post/Redirect/Get, so that no POST is left in the history for the
  // browser's back button to send again.
  it('パスワードが違うと 303 でこの画面へ GET で戻し、その画面で誤りと残りの回数を伝えること', async () => {
    const { id, path } = await challenge()
    const response = await submit(path, { action: 'authenticate', password: '000000' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(path)
    expect(response.headers['cache-control']).toBe('no-store')
    const page = await app.inject({ method: 'GET', url: path })
    expect(page.statusCode).toBe(200)
    const body = page.body
    expect(textOf(element(body, 'h1') ?? '')).toBe('本人認証（3Dセキュア）')
    expect(attributesOf(body, 'p id="password-error"')).toMatchObject({ role: 'alert' })
    expect(textOf(byId(body, 'password-error') ?? '')).toBe(
      'パスワードが一致しません。テスト用のパスワードを確かめて、もう一度入力してください（あと2回）。',
    )
    expect(attributesOf(body, 'input')).toMatchObject({
      'aria-invalid': 'true',
      'aria-describedby': 'password-hint password-error',
    })
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost")
    expect((await paymentRow(id))?.status).toBe('requires_action')
  })

  it('誤りのないうちは、画面にパスワードの誤りを出さないこと', async () => {
    const { path } = await challenge()
    const page = await app.inject({ method: 'GET', url: path })
    expect(byId(page.body, 'password-error')).toBeUndefined()
  })

  it('3回続けて違うと決済は authentication_failed で失敗し、戻り先へ戻すこと', async () => {
    const { id, path } = await challenge()
    const first = await submit(path, { action: 'authenticate', password: '1' })
    const second = await submit(path, { action: 'authenticate', password: '' })
    expect(first.statusCode).toBe(303)
    expect(second.statusCode).toBe(303)
    expect((await app.inject({ method: 'GET', url: path })).body).toContain('（あと1回）')
    const third = await submit(path, { action: 'authenticate', password: '654321' })
    expect(third.statusCode).toBe(303)
    expect(third.headers.location).toBe(RETURN_URL)
    expect(await paymentRow(id)).toMatchObject({
      status: 'failed',
      errorCode: 'authentication_failed',
    })
    const view = await client.call('GET', `/v1/payments/${id}`)
    expect(view.json()).toEqual({
      id,
      status: 'failed',
      amount: 12000,
      orderId: 'order-0001',
      error: { code: 'authentication_failed', message: '3-D Secure authentication failed.' },
    })
  })

  it('キャンセルすると決済は authentication_cancelled で失敗し、戻り先へ戻すこと', async () => {
    const { id, path } = await challenge()
    const response = await submit(path, { action: 'cancel', password: '' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(RETURN_URL)
    expect(await paymentRow(id)).toMatchObject({
      status: 'failed',
      errorCode: 'authentication_cancelled',
      challengeCompletedAt: testNow,
    })
  })

  it('認証を断るカードでは正しいパスワードでも authentication_failed になること', async () => {
    const { id, path } = await challenge('threeDSecureDeclined')
    const response = await submit(path, { action: 'authenticate', password: SANDBOX_3DS_PASSWORD })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(RETURN_URL)
    expect(await paymentRow(id)).toMatchObject({
      status: 'failed',
      errorCode: 'authentication_failed',
    })
    const capture = await client.call('POST', `/v1/payments/${id}/capture`)
    expect(capture.statusCode).toBe(402)
    expect(capture.json().error.code).toBe('authentication_failed')
  })

  it('終わった認証の画面を開き直すと、303 で戻り先へ送ること（ブラウザの戻る）', async () => {
    const { path } = await challenge()
    await submit(path, { action: 'authenticate', password: SANDBOX_3DS_PASSWORD })
    const response = await app.inject({ method: 'GET', url: path })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(RETURN_URL)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('終わった認証にもう一度送信すると、終わったことと戻り先へのリンクを示すこと', async () => {
    const { path } = await challenge()
    await submit(path, { action: 'authenticate', password: SANDBOX_3DS_PASSWORD })
    for (const response of [await submit(path, { action: 'cancel' })]) {
      expect(response.statusCode).toBe(200)
      expect(textOf(element(response.body, 'h1') ?? '')).toBe('本人認証は完了しています')
      expect(attributesOf(response.body, 'a')).toMatchObject({ href: RETURN_URL })
      expect(response.body).not.toMatch(/<form\b/)
    }
  })

  it('取り消された決済の画面も、開けば戻り先へ、送信すれば終わったことを示すこと', async () => {
    const { id, path } = await challenge()
    await client.call('POST', `/v1/payments/${id}/cancel`)
    const opened = await app.inject({ method: 'GET', url: path })
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe(RETURN_URL)
    const submitted = await submit(path, { action: 'cancel' })
    expect(submitted.statusCode).toBe(200)
    expect(textOf(element(submitted.body, 'h1') ?? '')).toBe('本人認証は完了しています')
  })

  it.each(['pay_000000000000000000000000', 'nonsense'])(
    '知らない決済 %s の画面は 404 のページであること',
    async (id) => {
      for (const response of [
        await app.inject({ method: 'GET', url: `/sandbox-pay/challenge/${id}` }),
        await submit(`/sandbox-pay/challenge/${id}`, { action: 'cancel' }),
      ]) {
        expect(response.statusCode).toBe(404)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(textOf(element(response.body, 'h1') ?? '')).toBe('ページが見つかりません')
        expect(response.body).toContain('<html lang="ja">')
      }
    },
  )

  it('操作の分からない送信は 400 のページで、決済は待ったままであること', async () => {
    const { id, path } = await challenge()
    const response = await submit(path, { action: 'approve', password: SANDBOX_3DS_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(textOf(element(response.body, 'h1') ?? '')).toBe('本人認証を続けられません')
    expect((await paymentRow(id))?.status).toBe('requires_action')
  })

  it('大きすぎる送信は 400 のページであること', async () => {
    const { path } = await challenge()
    const response = await submit(path, { action: 'cancel', password: 'x'.repeat(3000) })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  })
})
