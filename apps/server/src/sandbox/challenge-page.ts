import { html, raw, safeHref, type HtmlValue, type SafeHtml } from '../modules/pamphlet/html.ts'
import { SANDBOX_3DS_PASSWORD } from './test-cards.ts'

// The sandbox issuer's 3-D Secure page (EMV 3DS challenge), as complete HTML without JavaScript:
// one form that posts back to its own URL. Its styles are one <style> block allowed by a
// per-response CSP nonce (as the pamphlet's theme, ADR 0008). The page belongs to the provider,
// not to the product, so its text lives here and not in the product's catalogue.

const challengeText = {
  site: 'サンドボックス決済',
  testNotice: 'これはテスト用の画面です。実際のカード会社の認証や請求は行われません。',
  title: '本人認証（3Dセキュア）',
  lead: 'カード会社による本人認証です。パスワードを入力して「認証する」を押してください。',
  amount: 'お支払い金額',
  password: 'パスワード',
  passwordHint: `テスト用のパスワードは ${SANDBOX_3DS_PASSWORD} です。`,
  wrongPassword: (remainingTries: number) =>
    `パスワードが一致しません。テスト用のパスワードを確かめて、もう一度入力してください（あと${remainingTries}回）。`,
  authenticate: '認証する',
  cancel: 'キャンセル',
  finishedTitle: '本人認証は完了しています',
  finishedLead: 'このお支払いの本人認証の手続きは、すでに終わっています。',
  backToMerchant: 'お申し込みの画面へ戻る',
  notFoundTitle: 'ページが見つかりません',
  notFoundLead:
    '本人認証のページが見つかりません。お手数ですが、お申し込みの画面からもう一度お支払いの手続きをしてください。',
  badRequestTitle: '本人認証を続けられません',
  badRequestLead:
    '送信された内容を確認できませんでした。お手数ですが、お申し込みの画面からもう一度お支払いの手続きをしてください。',
  documentTitle: (title: string) => `${title}｜サンドボックス決済`,
} as const

// DADS-like colours: text 16.1:1, secondary text 7.5:1, input borders 4.5:1, the error red
// 6.3:1 on white; the focus ring is black with a yellow halo, visible on every background.
const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",Meiryo,sans-serif;font-size:1rem;line-height:1.7;color:#1a1a1a;background:#f2f2f2}
.site{margin:0;padding:.75rem 1rem;background:#00118f;color:#fff;font-weight:700;font-size:1.125rem}
.notice{margin:0;padding:.5rem 1rem;background:#fff5c2;color:#1a1a1a;font-size:.9375rem}
main{display:block;max-width:36rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #767676;border-radius:.5rem}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.5}
p{margin:0 0 1rem}
.amount{font-size:1.125rem}
.amount strong{font-size:1.375rem}
label{display:block;font-weight:700}
.hint{margin:.25rem 0 .5rem;color:#414141}
.error{margin:.25rem 0 .5rem;color:#b40000;font-weight:700}
input{display:block;width:100%;max-width:16rem;padding:.5rem .75rem;font:inherit;color:#1a1a1a;background:#fff;border:1px solid #767676;border-radius:.5rem}
input[aria-invalid="true"]{border:2px solid #b40000}
.actions{display:flex;flex-wrap:wrap;gap:1rem;margin-top:1.5rem}
button{min-width:8rem;min-height:3rem;padding:.5rem 1.5rem;font:inherit;font-weight:700;border-radius:.5rem;cursor:pointer}
.primary{color:#fff;background:#0017c1;border:1px solid #0017c1}
.primary:hover{background:#00118f}
.secondary{color:#0017c1;background:#fff;border:1px solid #0017c1}
.secondary:hover{background:#e8f1fe}
a{color:#0017c1}
a:hover{color:#00118f}
:focus-visible{outline:4px solid #000;outline-offset:2px;box-shadow:0 0 0 2px #ffd43d}
`

function formatYen(amount: number): string {
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}円`
}

function renderDocument(title: string, nonce: string, main: HtmlValue): SafeHtml {
  return html`<!doctype html>
    <html lang="ja">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="robots" content="noindex" />
        <title>${challengeText.documentTitle(title)}</title>
        <link rel="icon" href="data:," />
        <style nonce="${nonce}">
          ${raw(STYLESHEET)}
        </style>
      </head>
      <body>
        <header>
          <p class="site">${challengeText.site}</p>
          <p class="notice">${challengeText.testNotice}</p>
        </header>
        <main>${main}</main>
      </body>
    </html>`
}

export interface ChallengeFormModel {
  /** the page's own URL: the form posts back to it */
  action: string
  amount: number
  /** set after a wrong password */
  remainingTries?: number | undefined
}

export function renderChallengePage(model: ChallengeFormModel, nonce: string): SafeHtml {
  const hasError = model.remainingTries !== undefined
  const describedBy = hasError ? 'password-hint password-error' : 'password-hint'
  const main = html`<h1>${challengeText.title}</h1>
    <p>${challengeText.lead}</p>
    <p class="amount">${challengeText.amount} <strong>${formatYen(model.amount)}</strong></p>
    <form method="post" action="${safeHref(model.action)}" novalidate>
      <label for="password">${challengeText.password}</label>
      <p id="password-hint" class="hint">${challengeText.passwordHint}</p>
      ${
        model.remainingTries !== undefined &&
        html`<p id="password-error" class="error" role="alert">
          ${challengeText.wrongPassword(model.remainingTries)}
        </p>`
      }
      <input
        id="password"
        name="password"
        type="password"
        inputmode="numeric"
        autocomplete="one-time-code"
        aria-describedby="${describedBy}"
        ${hasError && html`aria-invalid="true" autofocus`}
      />
      <div class="actions">
        <button type="submit" name="action" value="authenticate" class="primary">
          ${challengeText.authenticate}
        </button>
        <button type="submit" name="action" value="cancel" class="secondary">
          ${challengeText.cancel}
        </button>
      </div>
    </form>`
  return renderDocument(challengeText.title, nonce, main)
}

/** The payment no longer waits for authentication: say so, and link back to the merchant. */
export function renderFinishedPage(returnUrl: string, nonce: string): SafeHtml {
  const main = html`<h1>${challengeText.finishedTitle}</h1>
    <p>${challengeText.finishedLead}</p>
    <p><a href="${safeHref(returnUrl)}">${challengeText.backToMerchant}</a></p>`
  return renderDocument(challengeText.finishedTitle, nonce, main)
}

export function renderMessagePage(kind: 'notFound' | 'badRequest', nonce: string): SafeHtml {
  const title = kind === 'notFound' ? challengeText.notFoundTitle : challengeText.badRequestTitle
  const lead = kind === 'notFound' ? challengeText.notFoundLead : challengeText.badRequestLead
  return renderDocument(
    title,
    nonce,
    html`<h1>${title}</h1>
      <p>${lead}</p>`,
  )
}

/**
 * The page's own policy: nothing but its nonced styles, and forms that post to itself (the
 * answer then redirects to the merchant's return URL, which `form-action` must allow too).
 */
export function challengePagePolicy(nonce: string, returnUrl?: string): string {
  let formAction = "'self'"
  if (returnUrl !== undefined) {
    try {
      formAction += ` ${new URL(returnUrl).origin}`
    } catch {
      // a return URL is validated when the payment is made; nothing to add otherwise
    }
  }
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    'img-src data:',
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
}
