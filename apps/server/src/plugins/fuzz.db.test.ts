import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RegisteredRoute } from '../app.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { createTestApp, createTestDatabase } from '../../test/helpers.ts'
import {
  importApplicationProduct,
  signInApplicant,
} from '../modules/application/application-test-support.ts'
import {
  createPolicyHolder,
  importMyPageGroups,
  myPageHeaders,
} from '../modules/my-page/auth/my-page-auth-test-support.ts'

// Issue #17 point 4: every route the app registers (the OpenAPI document's and the dev-only
// ones: /dev/outbox, the sandbox provider) gets, in one field at a time of an otherwise
// well-formed body, query or path, a NUL, a lone surrogate, control characters, a 100 KB string,
// null and a value of the wrong type; and whole bodies that are null, a list or a bare string.
// None may answer 500.

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  minimum?: number
  format?: string
}

type Path = (string | number)[]

const badValues: Record<string, (current: unknown) => unknown> = {
  nul: () => 'a\u0000b',
  surrogate: () => '\ud800x',
  control: () => '\u001b[31m\u0007',
  // 34,000 three-byte characters: about 100 KB of UTF-8
  long: () => 'あ'.repeat(34_000),
  null: () => null,
  wrongType: (current) => (typeof current === 'string' ? 12_345 : 'x'),
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (schema === undefined || schema === null) return undefined
  try {
    return z.toJSONSchema(schema as z.ZodType, {
      unrepresentable: 'any',
      io: 'input',
    }) as JsonSchema
  } catch {
    return typeof schema === 'object' ? schema : undefined
  }
}

/** A value the schema accepts as far as its shape goes (patterns aside). */
function validSample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (schema === undefined || depth > 10) return 'x'
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0]
  if (choice !== undefined) return validSample(choice, depth + 1)
  if (schema.const !== undefined) return schema.const
  if (schema.enum !== undefined) return schema.enum[0]
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (type === 'object' || schema.properties !== undefined) {
    const result: Record<string, unknown> = {}
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      result[key] = validSample(property, depth + 1)
    }
    if (typeof schema.additionalProperties === 'object' && schema.properties === undefined) {
      result['K1'] = validSample(schema.additionalProperties, depth + 1)
    }
    return result
  }
  if (type === 'array') return [validSample(schema.items, depth + 1)]
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1
  if (type === 'boolean') return true
  if (schema.format === 'email') return 'fuzz@example.jp'
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1))
}

/** The paths to every value inside `value` (objects and lists too, for null and wrong types). */
function pathsOf(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return path.length === 0 ? [] : [path]
  const children = Array.isArray(value)
    ? value.flatMap((item, index) => pathsOf(item, [...path, index]))
    : Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))
  return path.length === 0 ? children : [path, ...children]
}

function replaced(value: unknown, path: Path, make: (current: unknown) => unknown): unknown {
  if (path.length === 0) return make(value)
  const [head, ...rest] = path
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  copy[head as string] = replaced(copy[head as string], rest, make)
  return copy
}

/** Percent-encodes as a client could, lone surrogates included (as the bytes of their code). */
function encodeLoose(text: string): string {
  return Array.from(text, (character) => {
    try {
      return encodeURIComponent(character)
    } catch {
      const code = character.charCodeAt(0)
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
    }
  }).join('')
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

interface Parts {
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: unknown
}

function requestOf(route: RegisteredRoute, parts: Parts, headers: object): InjectOptions {
  const url = route.url.replace(/:(\w+)|\*/g, (match, name: string | undefined) =>
    encodeLoose(text(parts.params[name ?? '*'] ?? 'x')),
  )
  const query = Object.fromEntries(Object.entries(parts.query).map(([k, v]) => [k, text(v)]))
  const request: InjectOptions = {
    method: route.method,
    url,
    query,
    headers: { ...headers },
  }
  if (route.method !== 'GET' && route.method !== 'DELETE' && parts.body !== undefined) {
    request.payload = JSON.stringify(parts.body)
    request.headers = { ...headers, 'content-type': 'application/json' }
  }
  return request
}

describe('どの経路も、壊れた値で 500 を返さないこと（issue #17 の4）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const headerSets: Record<string, object> = { anonymous: {} }

  beforeAll(async () => {
    database = await createTestDatabase()
    await importApplicationProduct(database.db)
    await importMyPageGroups(database.db)
    const env = { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' }
    app = await createTestApp(database, { env })
    headerSets['applicant'] = (await signInApplicant(app)).headers
    const holder = await createPolicyHolder(app, {
      passwordHash: 'not-used',
      mailAddress: 'fuzz@example.jp',
    })
    headerSets['holder'] = await myPageHeaders(app, holder.accountId)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('登録されたすべての経路（開発用を含む）で、1項目ずつ壊した値に 500 を返さないこと', async () => {
    // Sign-outs last, so that the other routes are reached signed in.
    const routes = [...app.routeTable].sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    )
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/dev/outbox/messages.json', '/api/uploadNecessaryDocsUrl/']),
    )
    const failures: string[] = []
    let sent = 0
    const send = async (label: string, request: InjectOptions) => {
      const response = await app.inject(request)
      sent += 1
      if (response.statusCode === 500) failures.push(`${label}: ${response.body.slice(0, 100)}`)
      return response.statusCode
    }
    for (const route of routes) {
      const base: Parts = {
        params: (validSample(jsonSchemaOf(route.schema?.params)) ?? {}) as Record<string, unknown>,
        query: (validSample(jsonSchemaOf(route.schema?.querystring)) ?? {}) as Record<
          string,
          unknown
        >,
        body: validSample(jsonSchemaOf(route.schema?.body)),
      }
      if (typeof base.params !== 'object') base.params = {}
      if (typeof base.query !== 'object') base.query = {}
      // The session the route takes: the first whose well-formed call is not refused as 401.
      let headers: object = {}
      for (const [who, candidate] of Object.entries(headerSets)) {
        const label = `${route.method} ${route.url} valid ${who}`
        headers = candidate
        if ((await send(label, requestOf(route, base, candidate))) !== 401) break
      }
      for (const part of ['params', 'query', 'body'] as const) {
        for (const path of pathsOf(base[part])) {
          for (const [name, bad] of Object.entries(badValues)) {
            const parts = { ...base, [part]: replaced(base[part], path, bad) }
            const label = `${route.method} ${route.url} ${part}.${path.join('.')} ${name}`
            await send(label, requestOf(route, parts, headers))
          }
        }
      }
      for (const body of [null, [], '\u0000', { '\u0000': 'x' }]) {
        const label = `${route.method} ${route.url} body ${JSON.stringify(body)}`
        await send(label, requestOf(route, { ...base, body }, headers))
      }
    }
    expect(failures).toEqual([])
    expect(routes.length).toBeGreaterThan(60)
    expect(sent).toBeGreaterThan(2_000)
  })
})
