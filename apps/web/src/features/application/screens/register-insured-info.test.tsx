import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { entBase } from '@/test/fixtures.ts'
import {
  chosenView,
  openApplicationScreen,
  testPerson,
  validationResponse,
  viewResponse,
} from './application-screen-test.ts'

const TITLE = '被保険者の登録'
const INCOMPLETE = 'すべての被保険者を登録し、補償ごとに登録内容を確定してください。'

const ID_1 = '00000000-0000-4000-8000-000000000001'
const ID_2 = '00000000-0000-4000-8000-000000000002'

/** A cell's text as assistive technology reads it (the card's own labels are aria-hidden). */
function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
  return copy.textContent ?? ''
}

function rowTexts(): string[][] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td, th')].map(cellText))
}

describe('被保険者の登録（registerInsuredInfo, SPEC §4）', () => {
  it('被保険者の項目がある補償ごとに、番号・表示名・人数・状況と、登録済みなら確認・変更、まだなら登録へのリンクを表に並べること', async () => {
    await openApplicationScreen('registerInsuredInfo', TITLE, {
      view: () =>
        chosenView({
          persons: [testPerson(ID_1, 1), testPerson(ID_2, 1, { insrdNameKanji: '山田　花子' })],
          status: { '1': '2' },
        }),
    })

    const table = screen.getByRole('table', { name: '補償ごとの被保険者の登録状況' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['番号', '補償', '被保険者の人数', '状況', '操作'])
    expect(rowTexts()).toEqual([
      ['1', 'Aプラン', '2人', '確定済み', '被保険者を確認・変更する'],
      ['3', '携行品オプション', '0人', '未登録', '被保険者を登録する'],
    ])
    expect(
      screen.getByRole('link', { name: 'Aプランの被保険者を確認・変更する' }).getAttribute('href'),
    ).toBe(`${entBase}/registerInsuredInfo/1`)
    expect(screen.queryByRole('link', { name: 'Aプランの被保険者を登録する' })).toBeNull()
    expect(
      screen
        .getByRole('link', { name: '携行品オプションの被保険者を登録する' })
        .getAttribute('href'),
    ).toBe(`${entBase}/registerInsuredInfo/3`)
  })

  it('確定していない補償があると「次へ」で保存せず、すべての登録と確定を求めること', async () => {
    const user = userEvent.setup()
    const { requests } = await openApplicationScreen('registerInsuredInfo', TITLE, {
      view: () => chosenView({ persons: [testPerson(ID_1, 1)], status: { '1': '2', '3': '1' } }),
    })

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    await waitFor(() => expect(document.activeElement).toBe(summary))
    const link = within(summary).getByRole('link', { name: INCOMPLETE })
    await user.click(link)
    expect(document.activeElement).toBe(
      screen.getByRole('link', { name: '携行品オプションの被保険者を登録する' }),
    )
    expect(requests).toHaveLength(0)
  })

  it('すべての補償が確定していれば版とともに保存し、次の手順へ進むこと', async () => {
    const user = userEvent.setup()
    const persons = [testPerson(ID_1, 1), testPerson(ID_2, 3)]
    let view = chosenView({ persons, status: { '1': '2', '3': '2' } })
    const { requests } = await openApplicationScreen('registerInsuredInfo', TITLE, {
      view: () => view,
      respond: () => {
        view = chosenView({
          persons,
          status: { '1': '2', '3': '2' },
          completed: ['registerInsuredInfo'],
          version: 8,
        })
        return viewResponse(view)
      },
    })

    await user.click(screen.getByRole('button', { name: '次へ' }))

    expect(await screen.findByRole('heading', { level: 1, name: '告知事項' })).toBeTruthy()
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: '/api/applyInfo/registerInsuredInfo', body: { version: 7 } },
    ])
  })

  it('サーバーが断ったときは、その理由を示すこと（SPEC §8.4）', async () => {
    const user = userEvent.setup()
    await openApplicationScreen('registerInsuredInfo', TITLE, {
      view: () =>
        chosenView({
          persons: [testPerson(ID_1, 1), testPerson(ID_2, 3)],
          status: { '1': '2', '3': '2' },
        }),
      respond: () => validationResponse([{ path: 'insrdInfoArray', message: INCOMPLETE }]),
    })

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(summary.textContent).toContain(INCOMPLETE)
  })

  it('登録して確定していない補償は「未確定」で、確認・変更へのリンクを示すこと', async () => {
    await openApplicationScreen('registerInsuredInfo', TITLE, {
      view: () => chosenView({ persons: [testPerson(ID_2, 3)], status: { '1': '0', '3': '1' } }),
    })

    expect(rowTexts()).toEqual([
      ['1', 'Aプラン', '0人', '未登録', '被保険者を登録する'],
      ['3', '携行品オプション', '1人', '未確定', '被保険者を確認・変更する'],
    ])
    // a new application: nothing was carried over from last year
    expect(screen.queryByText(/前年度の被保険者を引き継いでいます/)).toBeNull()
  })

  it('更新の申込で前年度から引き継いだ被保険者は「未確定」とし、確認して確定するよう案内すること', async () => {
    const renewal = chosenView({
      persons: [testPerson(ID_1, 1), testPerson(ID_2, 3)],
      status: { '1': '1', '3': '1' },
    })
    await openApplicationScreen('registerInsuredInfo', TITLE, {
      view: () => ({
        ...renewal,
        applyInfo: {
          ...renewal.applyInfo,
          basicInfo: { ...renewal.applyInfo.basicInfo, entryDiv: '2', preYearEntryDiv: '1' },
        },
      }),
    })

    expect(rowTexts()).toEqual([
      ['1', 'Aプラン', '1人', '未確定', '被保険者を確認・変更する'],
      ['3', '携行品オプション', '1人', '未確定', '被保険者を確認・変更する'],
    ])
    expect(
      screen.getByText(
        '前年度の被保険者を引き継いでいます。補償ごとに内容をご確認のうえ、「この内容で確定する」を押してください。',
      ),
    ).toBeTruthy()
  })

  it('登録のリンクから、その補償の被保険者情報の入力へ移ること', async () => {
    const user = userEvent.setup()
    await openApplicationScreen('registerInsuredInfo', TITLE, { view: () => chosenView() })

    await user.click(screen.getByRole('link', { name: 'Aプランの被保険者を登録する' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: '被保険者情報の入力' }),
    ).toBeTruthy()
  })
})
