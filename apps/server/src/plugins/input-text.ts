import type { FastifyInstance } from 'fastify'
import { AppError, errorCodes, findControlCharacter, t, type Issue } from '@app/shared'

// Issue #17 point 4: no request carries a character no person types. Every string of every
// route's body, query and path parameters (object keys included) is read before the route's
// schema: a C0 control character, DEL or a lone surrogate answers 400 APFV0001 with the field's
// path and message, before anything reaches the database or the file store (a NUL used to end
// in a 500 there). Tab, LF and CR are typed only into the answers to group items (`itemAnswers`,
// the notice matters' `answers`), whose own rules then decide (only textarea items take line
// breaks, shared rules/item-answers.ts), into a console notice's `noticeBody` (issue #21 point 7),
// and into a group product document uploaded in the console (`document`, issue #21 point 1: its
// contact texts have lines; its schema decides).

const MULTI_LINE_KEYS = new Set(['itemAnswers', 'answers', 'noticeBody', 'document'])
const MAX_ISSUES = 20
const MAX_DEPTH = 64

interface Walk {
  issues: Issue[]
}

function check(walk: Walk, value: string, path: string, allowLineBreaks: boolean): void {
  if (walk.issues.length >= MAX_ISSUES) return
  if (findControlCharacter(value, { allowLineBreaks }) === -1) return
  walk.issues.push({ path, message: t('validation.controlCharacter') })
}

function visit(
  walk: Walk,
  value: unknown,
  path: string,
  allowLineBreaks: boolean,
  depth: number,
): void {
  if (typeof value === 'string') {
    check(walk, value, path, allowLineBreaks)
    return
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return
  if (Buffer.isBuffer(value)) return
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value)
  for (const [key, item] of entries) {
    const itemPath = path === '' ? key : `${path}.${key}`
    check(walk, key, itemPath, false)
    visit(walk, item, itemPath, allowLineBreaks || MULTI_LINE_KEYS.has(key), depth + 1)
  }
}

/** The issues of a request's body, query and path parameters (empty when none). */
export function controlCharacterIssues(parts: {
  body?: unknown
  query?: unknown
  params?: unknown
}): Issue[] {
  const walk: Walk = { issues: [] }
  visit(walk, parts.params, '', false, 0)
  visit(walk, parts.query, '', false, 0)
  visit(walk, parts.body, '', false, 0)
  return walk.issues
}

export function registerInputTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const issues = controlCharacterIssues(request)
    if (issues.length === 0) {
      done()
      return
    }
    done(new AppError(errorCodes.validationFailed, { message: 'control characters', issues }))
  })
}
