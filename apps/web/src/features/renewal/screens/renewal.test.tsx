import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { activeYearSwitch } from '@/lib/year-switch.ts'
import { link, refFreeField } from '@/test/fixtures.ts'
import { expectConsoleError } from '@/test/setup.ts'
import { jsonResponse } from '@/test/http.ts'
import { applicationHandlers, testApplication } from '@/test/application.ts'
import { myPageInfo, mypRouterBase, type Respond } from '@/test/my-page.ts'
import {
  entPath,
  heading,
  nextYm,
  openRenewalPage,
  renewalInfo,
  renewalTarget,
} from '../test-renewal.ts'

// The renewal screens (issue #9; SPEC §2.1, §2.7, §3.7, §4, §8.3, §8.4), reached from my-page
// home with the my-page session.

const started = {
  groupPfCode: link.groupPfCode,
  groupPfCodeInceptionDateYm: nextYm,
  groupPfBranchNo: link.groupPfBranchNo,
  urlKey: link.urlKey,
}

const answer =
  (method: string, path: string, response: () => Response): Respond =>
  (calledMethod, calledPath) => {
    if (calledMethod === method && calledPath === path) return response()
    throw new Error(`unexpected ${calledMethod} ${calledPath}`)
  }

const conflict = (errorCode: string) => () =>
  jsonResponse(409, { errorCode, message: 'not possible' })

describe('更新のお手続き（renewalProcedure）', () => {
  it('現在のご契約・更新後の保険期間・引き継ぎの説明を示し、マイページのセッションで開けること', async () => {
    const { services } = await openRenewalPage('renewalProcedure')

    expect(await heading('更新のお手続き')).toBeTruthy()
    await screen.findByRole('heading', { level: 2, name: '現在のご契約' })
    expect(services.getCalls).toContainEqual({ path: '/renewalInfo/', query: renewalTarget })
    const now = within(screen.getByRole('region', { name: '現在のご契約' }))
    expect(now.getByText('2026年4月1日〜2027年3月31日')).toBeTruthy()
    expect(now.getByText('基本プラン')).toBeTruthy()
    expect(now.getByText('10,000円（1名あたり・月額）')).toBeTruthy()
    expect(now.getByText('12,500円')).toBeTruthy()
    expect(now.getByText('東京都千代田区千代田1-1')).toBeTruthy()
    expect(now.getByRole('heading', { level: 4, name: '基本プランの被保険者 2人目' })).toBeTruthy()
    expect(now.getByText('山田 花子')).toBeTruthy()
    const next = within(screen.getByRole('region', { name: '更新後のご契約' }))
    expect(next.getByText('2027年4月1日〜2028年3月31日')).toBeTruthy()
    expect(screen.getByText(/告知事項は引き継がれません/)).toBeTruthy()
    expect(screen.getByRole('button', { name: '更新手続きを始める' })).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'マイページのホームへ戻る' }).getAttribute('href'),
    ).toBe(
      `${mypRouterBase.replace(/^/, '/app')}/home?groupPfCodeInceptionDateYm=202604&groupPfBranchNo=${link.groupPfBranchNo}`,
    )
  })

  it('始めると POST /renewalProcedure/ のあと翌年度に切り替え、翌年度のリンクの次の手順へ進み、ホームへ戻ると元に戻すこと', async () => {
    const user = userEvent.setup()
    const { services, requests, router } = await openRenewalPage('renewalProcedure', {
      respond: answer('POST', '/renewalProcedure/', () => jsonResponse(200, started)),
      handlers: applicationHandlers(() => testApplication()),
    })
    await user.click(await screen.findByRole('button', { name: '更新手続きを始める' }))

    expect(await heading('お申し込みにあたっての同意事項')).toBeTruthy()
    expect(router.state.location.pathname).toBe(entPath('entryTerms', nextYm))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/renewalProcedure/' })
    expect(requests[0]?.body).toEqual(renewalTarget)
    // SPEC §4 the year switch: next year's group and item definitions, this year's as backup.
    const nextQueries = services.getCalls
      .filter((call) => call.query?.groupPfCodeInceptionDateYm === nextYm)
      .map((call) => call.path)
    expect(nextQueries).toEqual(['/groupPfInfo/', '/itemDefinitions/'])
    expect(activeYearSwitch(services.groupStore)?.backup.params).toMatchObject({
      groupPfCodeInceptionDateYm: '202604',
    })

    await act(() => router.navigate(`${mypRouterBase}/home`))
    expect(await heading('ホーム')).toBeTruthy()
    expect(activeYearSwitch(services.groupStore)).toBeUndefined()
  })

  it('始めたお手続きは「更新手続きを再開する」で続けること', async () => {
    await openRenewalPage('renewalProcedure', {
      info: renewalInfo({ state: 'inProcedure', renewalProcedureButtonAndTextStatus: '2' }),
    })
    expect(await screen.findByRole('button', { name: '更新手続きを再開する' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '更新手続きを始める' })).toBeNull()
  })

  it.each([
    ['1', 'このご契約は、すでに更新されています。'],
    ['2', 'このご契約は自動更新を停止しているため、更新のお手続きはできません。'],
  ] as const)('更新の状況 %s では、ボタンを出さずに理由を示すこと', async (renewSttsDiv, text) => {
    await openRenewalPage('renewalProcedure', {
      info: renewalInfo({ renewSttsDiv, renewalProcedureButtonAndTextStatus: '3' }),
    })
    expect(await screen.findByText(text)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /更新手続きを/ })).toBeNull()
  })

  it('補償が始まる前のご契約には、ボタンを出さずにお手続きができるようになる日を示すこと（issue #23 point 19）', async () => {
    await openRenewalPage('renewalProcedure', {
      info: renewalInfo({ renewalProcedureButtonAndTextStatus: '3', procedureOpensOn: '20260401' }),
    })
    expect(
      await screen.findByText(
        'このご契約の補償は2026年4月1日に始まります。更新のお手続きは、補償が始まってからできます。',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: /更新手続きを/ })).toBeNull()
    expect(document.querySelector('[data-error-code]')).toBeNull()
  })

  it('期限を過ぎたご契約には、取扱代理店へのお問い合わせ（APFA2029）と連絡先を示すこと', async () => {
    await openRenewalPage('renewalProcedure', {
      info: renewalInfo({ renewSttsDiv: '4', renewalProcedureButtonAndTextStatus: '3' }),
    })
    const notice = await screen.findByText(/更新のお手続きができないか/)
    const box = notice.closest('[data-error-code]')
    expect(box?.getAttribute('data-error-code')).toBe('APFA2029')
    expect(box?.textContent).toContain(refFreeField.split('\n')[0])
    expect(screen.queryByRole('button', { name: /更新手続きを/ })).toBeNull()
  })

  it('POST が 409 APFA2029 なら、画面を保ったままボタンのそばに知らせること', async () => {
    const user = userEvent.setup()
    const { router, services } = await openRenewalPage('renewalProcedure', {
      respond: answer('POST', '/renewalProcedure/', conflict('APFA2029')),
    })
    await user.click(await screen.findByRole('button', { name: '更新手続きを始める' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('取扱代理店までお問い合わせください')
    expect(alert.getAttribute('data-error-code')).toBe('APFA2029')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(router.state.location.pathname).toBe(entPath('renewalProcedure'))
    expect(screen.getByRole('button', { name: '更新手続きを始める' })).toBeTruthy()
    expect(activeYearSwitch(services.groupStore)).toBeUndefined()
  })
})

describe('自動更新の確認（autoRenewCheck）', () => {
  it('更新後の保険期間・翌年度の名前と保険料・停止の期限と、停止と更新のお手続きへの道を示すこと', async () => {
    await openRenewalPage('autoRenewCheck')

    expect(await heading('自動更新の確認')).toBeTruthy()
    expect(
      await screen.findByText('2027年3月1日までに停止のお手続きがない場合、自動で更新されます。'),
    ).toBeTruthy()
    const terms = within(screen.getByRole('region', { name: '自動更新の内容' }))
    expect(terms.getByText('2027年4月1日〜2028年3月31日')).toBeTruthy()
    expect(terms.getByText('基本プラン（2027年度）')).toBeTruthy()
    expect(terms.getByText('10,400円（1名あたり・月額）')).toBeTruthy()
    expect(terms.getByText('13,000円')).toBeTruthy()
    expect(screen.getByRole('link', { name: '自動更新を停止する' }).getAttribute('href')).toBe(
      entPath('autoRenewStopCheck'),
    )
    expect(screen.getByRole('link', { name: '更新のお手続きをする' }).getAttribute('href')).toBe(
      entPath('renewalProcedure'),
    )
    expect(screen.getByRole('link', { name: 'マイページのホームへ戻る' })).toBeTruthy()
  })

  it('翌年度にないプランなら、お手続きで選び直すことを示すこと', async () => {
    const info = renewalInfo()
    await openRenewalPage('autoRenewCheck', {
      info: {
        ...info,
        nextYear: info.nextYear && { ...info.nextYear, autoRenewCvrgeContent: null },
      },
    })
    expect(await screen.findByText(/プランをあらためてお選びください/)).toBeTruthy()
  })

  // Issue #23 point 6: a renewed contract (no product after it yet) renews by itself at its fix
  // date: home says 「{date}に自動更新されます」, and this screen must say the same.
  it('翌年度の商品がまだなくても、自動更新されるご契約には固定日に自動更新されることを示し、停止への道を出すこと', async () => {
    await openRenewalPage('autoRenewCheck', {
      info: renewalInfo({ nextYear: null, renewalProcedureButtonAndTextStatus: '3' }),
    })
    expect(
      await screen.findByText(
        'このご契約は、2027年3月1日に同じ内容で自動更新されます。翌年度の保険期間と保険料は、決まりしだいこの画面でお知らせします。',
      ),
    ).toBeTruthy()
    expect(screen.queryByText('このご契約は、自動では更新されません。')).toBeNull()
    expect(screen.getByRole('link', { name: '自動更新を停止する' })).toBeTruthy()
  })

  it('停止したご契約には停止していることを示し、停止への道を出さないこと', async () => {
    await openRenewalPage('autoRenewCheck', {
      info: renewalInfo({
        state: 'stopped',
        renewSttsDiv: '2',
        renewalProcedureButtonAndTextStatus: '3',
        canStopAutoRenewal: false,
      }),
    })
    expect(await screen.findByText('このご契約は、自動更新を停止しています。')).toBeTruthy()
    expect(screen.queryByRole('link', { name: '自動更新を停止する' })).toBeNull()
    expect(screen.queryByRole('link', { name: '更新のお手続きをする' })).toBeNull()
  })
})

describe('自動更新の停止（autoRenewStopCheck → autoRenewStopComplete）', () => {
  it('確認のチェックがなければ送らず、チェックして停止すると完了画面に置き換わり、戻れないこと', async () => {
    const user = userEvent.setup()
    const stopped = renewalInfo({
      state: 'stopped',
      renewSttsDiv: '2',
      renewalProcedureButtonAndTextStatus: '3',
      canStopAutoRenewal: false,
    })
    const { requests, router } = await openRenewalPage('autoRenewStopCheck', {
      respond: answer('POST', '/stopUpdate/', () => jsonResponse(200, stopped)),
    })
    expect(await heading('自動更新停止の確認')).toBeTruthy()
    expect(
      await screen.findByText(
        'ご契約は保険期間の満了日（2027年3月31日）で終了し、更新されません。',
      ),
    ).toBeTruthy()

    await user.click(screen.getByRole('button', { name: '自動更新を停止する' }))
    const box = screen.getByRole('checkbox', {
      name: '上記の内容を確認し、自動更新を停止することに同意します',
    })
    expect(screen.getByText('自動更新を停止するには、確認のチェックが必要です。')).toBeTruthy()
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(box)
    expect(requests).toHaveLength(0)

    await user.click(box)
    await user.click(screen.getByRole('button', { name: '自動更新を停止する' }))

    expect(await heading('自動更新停止の完了')).toBeTruthy()
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/stopUpdate/' })
    expect(requests[0]?.body).toEqual(renewalTarget)
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.getByText('自動更新を停止しました')).toBeTruthy()
    expect(screen.getByText('2026年4月1日〜2027年3月31日')).toBeTruthy()

    // SPEC §2.7: going back from the completion is cancelled.
    await act(() => router.navigate(-1))
    expect(router.state.location.pathname).toBe(entPath('autoRenewStopComplete'))
    expect(screen.getByRole('heading', { level: 1, name: '自動更新停止の完了' })).toBeTruthy()
  })

  it('固定日を過ぎた停止（409 APFA2031）は、期限切れのエラー画面を出すこと（SPEC §8.3）', async () => {
    // React and React Router report the error they hand to the route's error boundary.
    expectConsoleError(2)
    const user = userEvent.setup()
    await openRenewalPage('autoRenewStopCheck', {
      respond: answer('POST', '/stopUpdate/', conflict('APFA2031')),
    })
    await user.click(
      await screen.findByRole('checkbox', {
        name: '上記の内容を確認し、自動更新を停止することに同意します',
      }),
    )
    await user.click(screen.getByRole('button', { name: '自動更新を停止する' }))

    expect(await heading('エラー')).toBeTruthy()
    expect(screen.getByText(/自動更新停止のお手続き期限を過ぎているため/)).toBeTruthy()
  })

  it('停止できない（409 APFA2029）ときは、画面の中で知らせること', async () => {
    const user = userEvent.setup()
    const { router } = await openRenewalPage('autoRenewStopCheck', {
      respond: answer('POST', '/stopUpdate/', conflict('APFA2029')),
    })
    await user.click(
      await screen.findByRole('checkbox', {
        name: '上記の内容を確認し、自動更新を停止することに同意します',
      }),
    )
    await user.click(screen.getByRole('button', { name: '自動更新を停止する' }))

    const alert = await screen.findByRole('alert')
    expect(alert.getAttribute('data-error-code')).toBe('APFA2029')
    expect(router.state.location.pathname).toBe(entPath('autoRenewStopCheck'))
  })

  it('停止できないご契約には、ボタンを出さずにそう示すこと', async () => {
    await openRenewalPage('autoRenewStopCheck', {
      info: renewalInfo({ canStopAutoRenewal: false }),
    })
    expect(await screen.findByText('このご契約は、自動更新を停止できません。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '自動更新を停止する' })).toBeNull()
  })

  it('GET /renewalInfo/ が失敗したら、エラー画面を出すこと', async () => {
    expectConsoleError(3)
    await openRenewalPage('autoRenewStopCheck', {
      handlers: {
        '/renewalInfo/': () => {
          throw new Error('connection reset')
        },
      },
    })
    expect(await heading('エラー')).toBeTruthy()
  })
})

describe('ホームからの更新の画面（セッション）', () => {
  it('マイページのホームのリンクから、同じセッションで更新の画面へ進めること', async () => {
    const { openMyPage, contractSummary } = await import('@/test/my-page.ts')
    const user = userEvent.setup()
    await openMyPage('home', {
      signedIn: true,
      handlers: {
        '/renewalInfo/': () => renewalInfo(),
        '/policyHolderInfo/': () =>
          myPageInfo({
            contracts: [
              contractSummary({
                actions: {
                  certificate: false,
                  renewal: true,
                  autoRenewCheck: true,
                  stopAutoRenewal: true,
                },
              }),
            ],
          }),
      },
    })
    await user.click(await screen.findByRole('link', { name: '自動更新の内容を確認する' }))
    expect(await heading('自動更新の確認')).toBeTruthy()
  })
})
