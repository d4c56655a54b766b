import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Query } from '@/lib/api-client.ts'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse } from '@/test/http.ts'
import { coverageUnitOf, testApplication, testUnits } from '@/test/application.ts'
import { openStep, sent } from '../test-open-step.ts'

const DONE = ['entryTerms', 'selectPolicyHolderDiv', 'selectCategory'] as const

function atSelectType(cvrgeInfo: Partial<ApplicationView['applyInfo']['cvrgeInfo']> = {}) {
  const view = testApplication(DONE, { version: 6 })
  view.applyInfo.cvrgeInfo = { ...view.applyInfo.cvrgeInfo, planUnitNo: 1, ...cvrgeInfo }
  return view
}

/** GET /specifiedCoverageTypes/: the options of the plan in the query, or `none`. */
const optionsHandler =
  (none = false) =>
  (query: Query | undefined) => ({
    optionArray: none
      ? []
      : testUnits
          .filter(
            (unit) =>
              unit.coverageTypeFlg !== '1' &&
              (unit.relatedUnitNo.length === 0 ||
                unit.relatedUnitNo.includes(Number(query?.planUnitNo))),
          )
          .map(coverageUnitOf),
  })

const summaryLinks = async () =>
  within(await screen.findByRole('region', { name: '入力内容を確認してください' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('プラン・タイプの選択（selectType）', () => {
  it('「選択できるタイプを表示」を押す前に進むと、先に押すよう知らせてボタンへ案内すること', async () => {
    const user = userEvent.setup()
    const { requests } = await openStep('selectType', {
      views: [atSelectType()],
      handlers: { '/specifiedCoverageTypes/': optionsHandler() },
    })
    const plan = await screen.findByRole('heading', { level: 2, name: '選択したプラン' })
    expect(plan.nextElementSibling?.textContent).toBe('Aプラン　1,200円（1名あたり・月額）')
    // issue #23 point 9: the lead names no button; the hint says the plan has options to show
    expect(
      screen.getByText('このプランに付けられるオプションを確認して、契約タイプを選んでください。'),
    ).toBeTruthy()
    expect(
      await screen.findByText(
        'このプランには、付けられるオプションがあります。「選択できるタイプを表示」を押して、ご確認ください。',
      ),
    ).toBeTruthy()

    await user.click(screen.getByRole('button', { name: '次へ' }))

    expect(await summaryLinks()).toEqual([
      '契約タイプ：「選択できるタイプを表示」ボタンを押して、選択できるタイプを表示してから選んでください。',
    ])
    await user.click(screen.getByRole('link', { name: /^契約タイプ：/ }))
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: '選択できるタイプを表示' }),
    )
    expect(requests).toEqual([])
  })

  it('オプションを付けると合計保険料を示し、同時に加入できない組み合わせは送らずに知らせること', async () => {
    const user = userEvent.setup()
    const saved = testApplication([...DONE, 'selectType'], { version: 7 })
    const { router, requests } = await openStep('selectType', {
      views: [atSelectType(), saved],
      respond: () => jsonResponse(200, saved),
      handlers: { '/specifiedCoverageTypes/': optionsHandler() },
    })
    await user.click(await screen.findByRole('button', { name: '選択できるタイプを表示' }))

    const contractType = await screen.findByRole('radiogroup', { name: '契約タイプ ※必須' })
    await waitFor(() =>
      expect(document.activeElement).toBe(within(contractType).getAllByRole('radio')[0]),
    )
    await user.click(screen.getByRole('radio', { name: 'オプションを付ける' }))
    await user.click(
      screen.getByRole('checkbox', { name: '携行品オプション　300円（1名あたり・月額）' }),
    )
    await user.click(
      screen.getByRole('checkbox', { name: '賠償責任オプション　150円（1名あたり・月額）' }),
    )
    expect(screen.getByText('1,650円').getAttribute('aria-live')).toBe('polite')

    await user.click(screen.getByRole('button', { name: '次へ' }))
    expect(await summaryLinks()).toEqual([
      'オプション：同時に加入できない補償が選ばれています。どちらか一方を選んでください。オプション：携行品オプション、賠償責任オプション',
    ])
    expect(requests).toEqual([])

    await user.click(
      screen.getByRole('checkbox', { name: '賠償責任オプション　150円（1名あたり・月額）' }),
    )
    expect(screen.getByText('1,500円')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '次へ' }))

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${entBase}/inputPolicyHolderInfo`),
    )
    expect(sent(requests)).toEqual([
      {
        method: 'PUT',
        url: '/api/applyInfo/selectType',
        body: { version: 6, contractType: '2', optionUnitNoArray: ['3'] },
      },
    ])
  })

  // issue #23 point 9: no button to press only to learn that there is nothing to show
  it('付けられるオプションがなければ、ボタンなしでそのことを示し、「プランのみ」を選んだ状態で進めること', async () => {
    const user = userEvent.setup()
    const saved = testApplication([...DONE, 'selectType'], { version: 7 })
    const { requests } = await openStep('selectType', {
      views: [atSelectType(), saved],
      respond: () => jsonResponse(200, saved),
      handlers: { '/specifiedCoverageTypes/': optionsHandler(true) },
    })

    expect(
      await screen.findByText(
        'このプランに付けられるオプションはありません。「プランのみ」でお申し込みいただけます。',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: '選択できるタイプを表示' })).toBeNull()
    expect(screen.queryByText(/付けられるオプションがあります/)).toBeNull()
    const contractType = screen.getByRole('radiogroup', { name: '契約タイプ ※必須' })
    expect(within(contractType).getAllByRole('radio')).toEqual([
      screen.getByRole('radio', { name: 'プランのみ' }),
    ])
    expect(screen.getByRole('radio', { name: 'プランのみ' })).toHaveProperty('checked', true)

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await waitFor(() =>
      expect(sent(requests)).toEqual([
        {
          method: 'PUT',
          url: '/api/applyInfo/selectType',
          body: { version: 6, contractType: '1', optionUnitNoArray: [] },
        },
      ]),
    )
  })

  it('選択済みの人には、選んだタイプとオプションを一覧とともに表示すること', async () => {
    await openStep('selectType', {
      views: [
        atSelectType({
          contractType: '2',
          unitArray: [
            { unit: 1, unitTypeCd: 'U1', unitPremium: 1200 },
            { unit: 3, unitTypeCd: 'U3', unitPremium: 300 },
          ],
        }),
      ],
      handlers: { '/specifiedCoverageTypes/': optionsHandler() },
    })

    expect(await screen.findByRole('radio', { name: 'オプションを付ける' })).toHaveProperty(
      'checked',
      true,
    )
    expect(
      screen.getByRole('checkbox', { name: '携行品オプション　300円（1名あたり・月額）' }),
    ).toHaveProperty('checked', true)
    expect(
      screen.getByRole('checkbox', { name: '賠償責任オプション　150円（1名あたり・月額）' }),
    ).toHaveProperty('checked', false)
    expect(screen.getByText('1,500円')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '選択できるタイプを表示' })).toBeNull()
  })
})
