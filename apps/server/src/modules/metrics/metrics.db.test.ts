import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../../db/client.ts'
import { createTestApp, createTestDatabase, testNow } from '../../../test/helpers.ts'
import { enqueueMail } from '../mail/outbox.ts'

// Issue #19 point 6: Prometheus metrics at /metrics, only with the bearer token.

const TOKEN = 'metrics-token-0123456789abcdef'

describe('/metrics（issue #19 の6）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let withoutToken: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { env: { METRICS_TOKEN: TOKEN } })
    withoutToken = await createTestApp(database)
  })
  afterAll(async () => {
    await app.close()
    await withoutToken.close()
    await database.close()
  })

  const scrape = (token?: string) =>
    app.inject({
      url: '/metrics',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    })

  it('トークンがなければ、または違えば 401 で、何も見せないこと', async () => {
    for (const response of [await scrape(), await scrape(`${TOKEN}x`), await scrape('wrong')]) {
      expect(response.statusCode).toBe(401)
      expect(response.body).not.toContain('http_requests_total')
    }
  })

  it('METRICS_TOKEN がなければ /metrics は出さないこと', async () => {
    const response = await withoutToken.inject('/metrics')
    expect(response.statusCode).toBe(404)
  })

  it('要求をルートのひな形で数え、送信待ちのメールと決済の結果をデータベースから読むこと', async () => {
    await app.inject('/api/groupPfInfo/?urlKey=abc&groupPfCode=G1')
    await app.inject({ method: 'PUT', url: '/api/applyInfo/insured/3/not-a-uuid' })
    await enqueueMail(
      app.db,
      {
        recipient: 'someone@example.jp',
        template: 'test',
        subject: 'テスト',
        textBody: 'テスト',
      },
      testNow,
    )
    await app.mailDelivery.runDue()
    const response = await scrape(TOKEN)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    expect(response.headers['cache-control']).toBe('no-store')
    const text = response.body
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/groupPfInfo\/",status="\d{3}"\} 1/,
    )
    // the template, not the URL: no ID from the request becomes a label
    expect(text).toContain('route="/api/applyInfo/insured/:unitNo/:insrdId"')
    expect(text).not.toContain('not-a-uuid')
    expect(text).not.toContain('urlKey=abc')
    expect(text).toContain('http_request_duration_seconds_bucket')
    expect(text).toMatch(/mail_deliveries_total\{channel="mail",outcome="sent"\} 1/)
    expect(text).toMatch(/outbox_messages\{state="pending"\} 0/)
    expect(text).toContain('# TYPE payment_attempts gauge')
    expect(text).not.toContain('someone@example.jp')
  })
})
