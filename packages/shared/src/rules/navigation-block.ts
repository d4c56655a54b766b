/** 画面遷移の種類（React Router の Action と同じ値）。POP はブラウザの戻る・進む。 */
export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE'

// SPEC §2.7: back is cancelled from these pages, except towards the page given (if any).
const backBlockedFrom: ReadonlyMap<string, string | undefined> = new Map([
  ['completeApplication', 'login'],
  ['autoRenewStopComplete', undefined],
  ['idReNotificationComplete', 'login'],
  ['passwordResetComplete', 'login'],
  ['mailChangeComplete', 'home'],
])

/**
 * 画面遷移を取り消すか（SPEC §2.7）。ページ名はルートの画面セグメント（pageNameOf）。
 * 完了画面からの戻るは取り消す（決められた行き先を除く）。
 * pamphletImportantNotes へは checkPolicyHolderInfo からしか進めない。
 */
export function isNavigationBlocked(input: {
  fromPage: string | undefined
  toPage: string | undefined
  action: NavigationAction
}): boolean {
  const { fromPage, toPage, action } = input
  if (toPage === 'pamphletImportantNotes' && fromPage !== 'checkPolicyHolderInfo') return true
  if (action !== 'POP' || fromPage === undefined || !backBlockedFrom.has(fromPage)) return false
  const allowedTarget = backBlockedFrom.get(fromPage)
  return allowedTarget === undefined || toPage !== allowedTarget
}

/**
 * パスの画面名（SPEC §2.1〜2.3）。/app の接頭辞はあってもなくてもよい。
 * `/app/ent/G1/202601/00001/abcdEFGH12/selectType` → 'selectType'、
 * `/app/myp/G1/abcdEFGH12/home` → 'home'、`/app/pamphlet/…` → 'pamphlet'。
 */
export function pageNameOf(pathname: string): string | undefined {
  const path = pathname.split(/[?#]/, 1)[0] ?? ''
  const segments = path.split('/').filter((segment) => segment !== '')
  if (segments[0] === 'app') segments.shift()
  switch (segments[0]) {
    case 'ent':
      // ent/{groupPfCode}/{groupPfCodeInceptionDateYm}/{groupPfBranchNo}/{urlKey}/{page}
      return segments[5]
    case 'myp':
      // myp/{groupPfCode}/{urlKey}/{page}
      return segments[3]
    case 'pamphlet':
      return 'pamphlet'
    case 'systemTermsOfServiceAndPolicies':
      return 'systemTermsOfServiceAndPolicies'
    default:
      return undefined
  }
}
