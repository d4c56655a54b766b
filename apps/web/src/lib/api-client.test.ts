import { describe, expect, it, vi } from 'vitest'
import { ApiError, buildUrl, createApiClient, SESSION_TOKEN_KEY } from './api-client.ts'
import { readSession, SESSION_INFO_KEY, storeSession } from './session.ts'

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

async function gunzipText(body: BodyInit | null | undefined): Promise<string> {
  const stream = new Response(body as BodyInit).body?.pipeThrough(new DecompressionStream('gzip'))
  return new Response(stream).text()
}

function setup(options: { token?: string; response?: Response; isDev?: boolean } = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    Promise.resolve(options.response ?? jsonResponse(200, { ok: true })),
  )
  const entries = new Map<string, string>()
  const storage = {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  }
  if (options.token !== undefined) {
    storeSession(storage, {
      sessionToken: options.token,
      expiresAt: '2026-11-20T01:30:00.000Z',
      userId: 'U0000001',
      groupPfCode: 'G001',
      link: null,
    })
  }
  const client = createApiClient({
    baseUrl: '/api',
    fetch,
    storage,
    isDev: options.isDev ?? false,
  })
  const lastCall = () => {
    const call = fetch.mock.calls.at(-1)
    if (call === undefined) throw new Error('fetch was not called')
    return { url: call[0], init: call[1] ?? {} }
  }
  return { client, fetch, lastCall, storage }
}

describe('API クライアント（SPEC §7）', () => {
  it('GET はクエリを付け、値のない項目は送らないこと', async () => {
    const { client, lastCall } = setup()
    expect(
      await client.get('/groupPfInfo/', { urlKey: 'abcDEF1234', groupPfBranchNo: undefined }),
    ).toEqual({ ok: true })
    expect(lastCall().url).toBe('/api/groupPfInfo/?urlKey=abcDEF1234')
    expect(lastCall().init.method).toBe('GET')
  })

  it('基準アドレスの末尾のスラッシュを重ねないこと', () => {
    expect(buildUrl('https://api.example.jp/v1/', '/sessionInfo/')).toBe(
      'https://api.example.jp/v1/sessionInfo/',
    )
  })

  it('セッションのトークンがあれば Authorization ヘッダーで送ること', async () => {
    const { client, lastCall } = setup({ token: 'signed.token' })
    await client.get('/sessionInfo/')
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBe('Bearer signed.token')
  })

  it('トークンがなければ Authorization ヘッダーを送らないこと', async () => {
    const { client, lastCall } = setup()
    await client.get('/sessionInfo/')
    expect(new Headers(lastCall().init.headers).has('Authorization')).toBe(false)
  })

  it('POST は JSON を gzip で圧縮し、Content-Encoding を付けること', async () => {
    const { client, lastCall } = setup({ token: 't' })
    const body = { urlKey: 'abcDEF1234', groupPfCode: 'G001', 名前: '山田 太郎' }
    await client.post('/applyInfo/', body)

    const headers = new Headers(lastCall().init.headers)
    expect(lastCall().init.method).toBe('POST')
    expect(headers.get('Content-Encoding')).toBe('gzip')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(headers.get('Authorization')).toBe('Bearer t')
    expect(JSON.parse(await gunzipText(lastCall().init.body))).toEqual(body)
  })

  it('開発中だけ POST の内容を console.debug に出すこと', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined)
    await setup({ isDev: false }).client.post('/applyInfo/', { a: 1 })
    expect(debug).not.toHaveBeenCalled()
    await setup({ isDev: true }).client.post('/applyInfo/', { a: 1 })
    expect(debug).toHaveBeenCalledWith('[api] POST', '/api/applyInfo/', { a: 1 })
  })

  it('PUT は本文をそのまま送ること', async () => {
    const { client, lastCall } = setup()
    const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' })
    await client.put('/uploadNecessaryDocsUrl/', file, { contentType: 'application/pdf' })
    expect(lastCall().init.body).toBe(file)
    expect(new Headers(lastCall().init.headers).get('Content-Type')).toBe('application/pdf')
  })

  it('2xx 以外は本文の errorCode を持つ ApiError にすること', async () => {
    const { client } = setup({
      response: jsonResponse(400, {
        errorCode: 'APFV0001',
        issues: [{ path: 'urlKey', message: '必須項目です。' }],
      }),
    })
    const error = await client.get('/groupPfInfo/').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      body: { errorCode: 'APFV0001', issues: [{ path: 'urlKey', message: '必須項目です。' }] },
    })
  })

  it('本文が読めない失敗は XPFF0001 とすること', async () => {
    const { client } = setup({
      response: new Response('<html>Bad Gateway</html>', { status: 502 }),
    })
    await expect(client.get('/groupPfInfo/')).rejects.toMatchObject({
      status: 502,
      body: { errorCode: 'XPFF0001' },
    })
  })

  it('応答がないときは状態 0 の XPFF0001 とすること', async () => {
    const { client, fetch } = setup()
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(client.get('/groupPfInfo/')).rejects.toMatchObject({
      status: 0,
      body: { errorCode: 'XPFF0001' },
    })
  })

  it('PUT は本文なしでも送れること', async () => {
    const { client, lastCall } = setup({ token: 't' })
    await client.put('/sessionInfo/')
    expect(lastCall().init.method).toBe('PUT')
    expect(lastCall().init.body).toBeNull()
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBe('Bearer t')
  })

  it('DELETE はトークンを付けて送り、204 は undefined を返すこと', async () => {
    const { client, lastCall } = setup({
      token: 't',
      response: new Response(null, { status: 204 }),
    })
    expect(await client.delete('/sessionInfo/')).toBeUndefined()
    expect(lastCall().url).toBe('/api/sessionInfo/')
    expect(lastCall().init.method).toBe('DELETE')
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBe('Bearer t')
  })
})

describe('セッションの更新（PRODUCT.md "Sessions"）', () => {
  function refreshed(status: number, body: unknown): Response {
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        'Content-Type': 'application/json',
        'x-session-token': 'refreshed.token',
        // the server's clock may be pinned far from the browser's: only the seconds count
        'x-session-expires-at': '2020-01-01T00:30:00.000Z',
        'x-session-expires-in': '1800',
      },
    })
  }

  it('ログイン中の呼び出しの応答ヘッダーにある新しいトークンと、このブラウザーの時計での期限を保存すること', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 3, 0, 0), toFake: ['Date'] })
    const { client, storage, fetch, lastCall } = setup({
      token: 'old.token',
      response: refreshed(200, { ok: true }),
    })
    await client.get('/applyInfo/')

    expect(storage.getItem(SESSION_TOKEN_KEY)).toBe('refreshed.token')
    expect(readSession(storage)).toEqual({
      sessionToken: 'refreshed.token',
      expiresAt: '2026-11-22T03:30:00.000Z',
      userId: 'U0000001',
      groupPfCode: 'G001',
      link: null,
    })
    fetch.mockResolvedValueOnce(jsonResponse(200, { ok: true }))
    await client.get('/applyInfo/')
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBe('Bearer refreshed.token')
    vi.useRealTimers()
  })

  it('失敗の応答でも、ヘッダーにあれば新しいトークンを保存すること', async () => {
    const { client, storage } = setup({
      token: 'old.token',
      response: refreshed(400, { errorCode: 'APFV0001' }),
    })
    await expect(client.post('/applyInfo/', {})).rejects.toBeInstanceOf(ApiError)
    expect(storage.getItem(SESSION_TOKEN_KEY)).toBe('refreshed.token')
  })

  it('ログインしていなければ、ヘッダーがあってもセッションを作らないこと', async () => {
    const { client, storage } = setup({ response: refreshed(200, { ok: true }) })
    await client.get('/groupPfInfo/')
    expect(storage.getItem(SESSION_TOKEN_KEY)).toBeNull()
    expect(storage.getItem(SESSION_INFO_KEY)).toBeNull()
  })

  it('ログイン中の呼び出しが 401 E0003 ならセッションを消すこと', async () => {
    const { client, storage } = setup({
      token: 'old.token',
      response: jsonResponse(401, { errorCode: 'E0003' }),
    })
    await expect(client.get('/applyInfo/')).rejects.toMatchObject({ status: 401 })
    expect(readSession(storage)).toBeUndefined()
    expect(storage.getItem(SESSION_TOKEN_KEY)).toBeNull()
  })

  it('本人確認の 401（APFL0001）ではセッションを消さないこと', async () => {
    const { client, storage } = setup({
      token: 'old.token',
      response: jsonResponse(401, { errorCode: 'APFL0001' }),
    })
    await expect(client.post('/policyHolderInfoById/', {})).rejects.toMatchObject({ status: 401 })
    expect(storage.getItem(SESSION_TOKEN_KEY)).toBe('old.token')
  })
})
