import type { FastifyInstance } from 'fastify'
import type { Config } from '../env.ts'

// Security headers, computed once at start and set on every response. (helmet rebuilt its CSP
// on every request: a third of a small route's CPU in the benchmark, ADR 0004.)

export interface PolicyOptions {
  /** Allows one inline `<style>` block in this response (the pamphlet's theme, ADR 0008). */
  styleNonce?: string
}

export function contentSecurityPolicy(config: Config, options: PolicyOptions = {}): string {
  const gtm = config.gtmId === undefined ? [] : ['https://www.googletagmanager.com']
  const analytics = config.gtmId === undefined ? [] : ['https://www.google-analytics.com']
  // An external payment provider (ADR 0014): the browser sends card data to its token endpoint.
  const provider =
    config.payment.providerUrl === undefined ? [] : [new URL(config.payment.providerUrl).origin]
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...gtm]],
    [
      'style-src',
      options.styleNonce === undefined ? ["'self'"] : ["'self'", `'nonce-${options.styleNonce}'`],
    ],
    ['img-src', ["'self'", 'data:', ...gtm]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...analytics, ...provider]],
    // the puzzle check (ALTCHA) solves in a worker created from a blob (STACK.md)
    ['worker-src', ["'self'", 'blob:']],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ]
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(' ')}`)
  // Only in production: on http://localhost an upgrade would break every request.
  if (config.isProduction) policy.push('upgrade-insecure-requests')
  return policy.join('; ')
}

export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
  if (config.isProduction) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  }
  return headers
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config)
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers)
    void reply.header('x-request-id', request.id)
    done()
  })
}
