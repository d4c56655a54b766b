import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { announceReady, runChild } from './child-protocol.ts'

// The bare node:http baselines of PRODUCT.md "Budgets", started by run.ts in its own process (see
// there why). Every answer has the API's content type and a content-length, and nothing else of
// ours (node:http adds date, connection and keep-alive):
//
//   GET /same-body       the group route's exact JSON body, a Buffer the parent sends once over
//                        IPC ('set-body') after fetching it from the product server: the baseline
//                        of the budget (run.ts says why)
//   GET /same-body-gzip  a gzip copy of that body (the product server's own gzip bytes), sent
//                        with content-encoding: gzip whatever the request asks: the baseline of
//                        the informational compressed row
//   GET /                a small JSON body serialised per request like a real handler would:
//                        informational row, no budget
//
// /same-body and /same-body-gzip answer 503 until the parent has sent the bodies.

const startedAt = Date.now()
let server: http.Server | undefined
let sameBody: Buffer | undefined
let sameBodyGzip: Buffer | undefined

function send(response: http.ServerResponse, body: string | Buffer, gzip = false): void {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  })
  response.end(body)
}

function notYet(response: http.ServerResponse): void {
  response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
  response.end('no body set yet\n')
}

runChild({
  start: async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/same-body') {
        return sameBody === undefined ? notYet(response) : send(response, sameBody)
      }
      if (request.url === '/same-body-gzip') {
        return sameBodyGzip === undefined ? notYet(response) : send(response, sameBodyGzip, true)
      }
      send(
        response,
        JSON.stringify({
          status: 'ok',
          service: 'bench-raw',
          version: '0.1.0',
          method: request.method,
          uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
        }),
      )
    })
    const listening = server
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject)
      listening.listen(0, '127.0.0.1', () => resolve())
    })
    announceReady((listening.address() as AddressInfo).port)
  },
  stop: async () => {
    const listening = server
    if (listening === undefined) return
    listening.closeAllConnections()
    await new Promise<void>((resolve) => listening.close(() => resolve()))
  },
  onSetBody: ({ body, gzip }) => {
    sameBody = body
    sameBodyGzip = gzip
  },
})
