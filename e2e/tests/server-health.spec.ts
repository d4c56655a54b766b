// The server itself, through Playwright's request: health checks, and a gzip-compressed request
// to an API path that does not exist answers JSON with an errorCode (the body is inflated first).
import { gzipSync } from 'node:zlib'
import { expect, test } from '../support/test.ts'

test('GET /healthz は 200 を返すこと', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
})

test('GET /readyz は 200 を返すこと', async ({ request }) => {
  const response = await request.get('/readyz')
  expect(response.status()).toBe(200)
})

test('gzip 圧縮した POST を存在しない API に送ると JSON の errorCode を返すこと', async ({
  request,
}) => {
  const response = await request.post('/api/no/such/endpoint', {
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    data: gzipSync(Buffer.from(JSON.stringify({ hello: '世界' }))),
  })

  // The body is valid once inflated, so the answer is "no such API" (APFN0001), not "unreadable
  // body" (APFB0001, 400), which is what an un-inflated gzip body would get.
  expect(response.headers()['content-type']).toMatch(/^application\/json/)
  expect({ status: response.status(), body: (await response.json()) as unknown }).toEqual({
    status: 404,
    body: { errorCode: 'APFN0001', message: expect.any(String) as unknown },
  })
})
