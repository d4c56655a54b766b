import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { entBase } from '@/test/fixtures.ts'
import { expectConsoleError } from '@/test/setup.ts'
import {
  chosenView,
  describedTexts,
  openApplicationScreen,
  testPerson,
  viewResponse,
  type Respond,
} from './application-screen-test.ts'

const TITLE = '被保険者情報の入力'
const ID_1 = '00000000-0000-4000-8000-000000000001'
const ID_2 = '00000000-0000-4000-8000-000000000002'
const NEW_ID = '00000000-0000-4000-8000-000000000099'

async function openUnit(unitNo: number, view: () => ApplicationView, respond?: Respond) {
  return openApplicationScreen(`registerInsuredInfo/${unitNo}`, TITLE, { view, respond })
}

const textbox = (name: string) => screen.getByRole('textbox', { name })

/** The view with an individual policy holder entered on inputPolicyHolderInfo. */
function withPolicyHolder(
  view: ApplicationView,
  patch: Partial<ApplicationView['applyInfo']['policyHolderInfo']> = {},
): ApplicationView {
  return {
    ...view,
    applyInfo: {
      ...view.applyInfo,
      policyHolderInfo: {
        ...view.applyInfo.policyHolderInfo,
        policyHolderDiv: '1',
        policyHolderNameKana: 'ツバキ　ハナコ',
        policyHolderNameKanji: '椿　花子',
        policyHolderBirthDate: '19880316',
        policyHolderSex: '2',
        ...patch,
      },
    },
  }
}

const FILL_HEADING = 'すでに入力した方と同じ方を登録する'
const HOLDER_BUTTON = 'ご契約者と同じ内容を入力する'
const CHOOSE = 'ほかの補償に登録した方'
const USE_CHOSEN = '選んだ方の内容を入力する'

/** The live region of the fill (the list above has its own). */
const fillStatus = () =>
  within(screen.getByRole('group', { name: FILL_HEADING })).getByRole('status')

describe('被保険者情報の入力（registerInsuredInfo/{unitNo}）', () => {
  it('補償の名前と保険料、登録済みの被保険者と回答を、変更・削除のボタンとともに示すこと', async () => {
    await openUnit(1, () =>
      chosenView({
        persons: [testPerson(ID_1, 1), testPerson(ID_2, 3, { insrdNameKanji: '別の補償の人' })],
        status: { '1': '1' },
      }),
    )

    const facts = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent])
    expect(facts.slice(0, 2)).toEqual([
      ['補償', 'Aプラン'],
      ['保険料', '1,200円（1名あたり・月額）'],
    ])
    const list = within(screen.getByRole('region', { name: '登録した被保険者' })).getByRole('list')
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]?.textContent).toContain('山田　太郎（ヤマダ　タロウ）')
    expect(items[0]?.textContent).toContain('生年月日1980年4月1日')
    expect(items[0]?.textContent).toContain('続柄本人')
    expect(screen.getByRole('button', { name: '山田　太郎さんの登録内容を変更する' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '山田　太郎さんを削除する' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: '被保険者を追加' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: '続柄' })).toBeTruthy()
  })

  it('「被保険者を追加」で入力した人を版とともに登録し、登録したことを知らせること', async () => {
    const user = userEvent.setup()
    let view = chosenView({ status: {} })
    const { requests } = await openUnit(
      1,
      () => view,
      () => {
        view = chosenView({
          version: 8,
          persons: [testPerson(NEW_ID, 1, { insrdNameKanji: '佐藤　一郎' })],
          status: { '1': '1' },
        })
        return viewResponse(view)
      },
    )

    await user.click(screen.getByRole('button', { name: '追加する' }))
    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '被保険者氏名（カナ）：必須項目です。',
      '被保険者氏名：必須項目です。',
      '生年月日：必須項目です。',
      '性別：必須項目です。',
    ])

    await user.type(textbox('被保険者氏名（カナ） ※必須'), 'サトウ　イチロウ')
    await user.type(textbox('被保険者氏名 ※必須'), '佐藤　一郎')
    await user.type(textbox('生年月日 年'), '1985')
    await user.type(textbox('生年月日 月'), '12')
    await user.type(textbox('生年月日 日'), '3')
    await user.click(screen.getByRole('radio', { name: '男性' }))
    await user.selectOptions(screen.getByRole('combobox', { name: '続柄' }), '配偶者')
    await user.click(screen.getByRole('button', { name: '追加する' }))

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('佐藤　一郎さんを登録しました。'),
    )
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/api/applyInfo/insured/1',
        body: {
          version: 7,
          insrdInfo: {
            insrdNameKana: 'サトウ　イチロウ',
            insrdNameKanji: '佐藤　一郎',
            insrdBirthDate: '19851203',
            insrdSex: '1',
            itemAnswers: { RELATION: '02' },
          },
        },
      },
    ])
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: '登録した被保険者' }),
    )
    expect(screen.getByRole('button', { name: '佐藤　一郎さんを削除する' })).toBeTruthy()
    // The add form is empty again for the next person.
    expect(textbox('被保険者氏名 ※必須')).toHaveProperty('value', '')
  })

  it('「変更」で同じ入力欄に登録内容を入れて開き、保存すると PUT で変更すること', async () => {
    const user = userEvent.setup()
    let view = chosenView({ persons: [testPerson(ID_1, 1)], status: { '1': '2' } })
    const { requests } = await openUnit(
      1,
      () => view,
      () => {
        view = chosenView({
          version: 8,
          persons: [testPerson(ID_1, 1, { insrdNameKanji: '山田　太朗' })],
          status: { '1': '1' },
        })
        return viewResponse(view)
      },
    )

    await user.click(screen.getByRole('button', { name: '山田　太郎さんの登録内容を変更する' }))

    const heading = screen.getByRole('heading', { level: 2, name: '被保険者の登録内容を変更' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(textbox('被保険者氏名 ※必須')).toHaveProperty('value', '山田　太郎')
    expect(textbox('生年月日 年')).toHaveProperty('value', '1980')
    expect(screen.getByRole('combobox', { name: '続柄' })).toHaveProperty('value', '01')

    await user.clear(textbox('被保険者氏名 ※必須'))
    await user.type(textbox('被保険者氏名 ※必須'), '山田　太朗')
    await user.click(screen.getByRole('button', { name: '変更を保存する' }))

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '山田　太朗さんの登録内容を変更しました。',
      ),
    )
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: `/api/applyInfo/insured/1/${ID_1}`,
      body: { version: 7, insrdInfo: { insrdNameKanji: '山田　太朗', insrdBirthDate: '19800401' } },
    })
    expect(screen.getByRole('heading', { level: 2, name: '被保険者を追加' })).toBeTruthy()
  })

  it('「変更をやめる」で追加の欄に戻し、押した「変更」へフォーカスを戻すこと', async () => {
    const user = userEvent.setup()
    await openUnit(1, () => chosenView({ persons: [testPerson(ID_1, 1)] }))

    const edit = screen.getByRole('button', { name: '山田　太郎さんの登録内容を変更する' })
    await user.click(edit)
    await user.click(screen.getByRole('button', { name: '変更をやめる' }))

    expect(screen.getByRole('heading', { level: 2, name: '被保険者を追加' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(edit))
  })

  it('「削除」は確認のダイアログを開き、キャンセルでは何もせず、削除するで DELETE すること', async () => {
    const user = userEvent.setup()
    let view = chosenView({ persons: [testPerson(ID_1, 1)], status: { '1': '1' } })
    const { requests } = await openUnit(
      1,
      () => view,
      () => {
        view = chosenView({ version: 8, persons: [], status: { '1': '0' } })
        return viewResponse(view)
      },
    )
    const remove = screen.getByRole('button', { name: '山田　太郎さんを削除する' })

    await user.click(remove)
    let dialog = screen.getByRole('alertdialog', { name: '被保険者の削除' })
    expect(dialog.textContent).toContain('山田　太郎さんを被保険者から削除します。よろしいですか。')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'キャンセル' }))
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(remove))
    expect(requests).toHaveLength(0)

    await user.click(remove)
    dialog = screen.getByRole('alertdialog', { name: '被保険者の削除' })
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('山田　太郎さんを削除しました。'),
    )
    expect(requests.map(({ method, url }) => ({ method, url }))).toEqual([
      { method: 'DELETE', url: `/api/applyInfo/insured/1/${ID_1}?version=7` },
    ])
    expect(screen.getByText('まだ被保険者が登録されていません。')).toBeTruthy()
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: '登録した被保険者' }),
    )
  })

  it('「この内容で確定する」で補償を確定し、被保険者の登録の一覧へ戻ること', async () => {
    const user = userEvent.setup()
    let view = chosenView({ persons: [testPerson(ID_1, 1)], status: { '1': '1' } })
    const { requests, router } = await openUnit(
      1,
      () => view,
      () => {
        view = chosenView({ version: 8, persons: [testPerson(ID_1, 1)], status: { '1': '2' } })
        return viewResponse(view)
      },
    )

    await user.click(screen.getByRole('button', { name: 'この内容で確定する' }))

    await screen.findByRole('heading', { level: 1, name: '被保険者の登録' })
    expect(router.state.location.pathname).toBe(`${entBase}/registerInsuredInfo`)
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: '/api/applyInfo/insured/1/confirm', body: { version: 7 } },
    ])
  })

  it('被保険者がいないまま確定しようとすると、1人以上の登録を求めること', async () => {
    const user = userEvent.setup()
    const { requests } = await openUnit(1, () => chosenView())

    await user.click(screen.getByRole('button', { name: 'この内容で確定する' }))

    const summaries = await screen.findAllByRole('region', { name: '入力内容を確認してください' })
    expect(summaries.map((summary) => summary.textContent)).toContain(
      '入力内容を確認してください被保険者を1人以上登録してください。',
    )
    expect(requests).toHaveLength(0)
  })

  describe('すでに入力した方の内容を使う（issue #23 point 12）', () => {
    it('「ご契約者と同じ内容を入力する」で氏名・生年月日・性別と続柄「本人」を入れ、送らずに知らせ、「追加する」でその内容を登録すること', async () => {
      const user = userEvent.setup()
      let view = withPolicyHolder(chosenView())
      const { requests } = await openUnit(
        1,
        () => view,
        () => {
          view = withPolicyHolder(
            chosenView({
              version: 8,
              persons: [testPerson(NEW_ID, 1, { insrdNameKanji: '椿　花子' })],
              status: { '1': '1' },
            }),
          )
          return viewResponse(view)
        },
      )
      const button = screen.getByRole('button', { name: HOLDER_BUTTON })
      expect(describedTexts(button)).toEqual(['ご契約者：椿　花子さん'])

      await user.click(button)

      expect(fillStatus().textContent).toBe(
        'ご契約者（椿　花子さん）の内容を入力しました。内容をご確認のうえ、「追加する」を押してください。',
      )
      expect(textbox('被保険者氏名（カナ） ※必須')).toHaveProperty('value', 'ツバキ　ハナコ')
      expect(textbox('被保険者氏名 ※必須')).toHaveProperty('value', '椿　花子')
      expect(textbox('生年月日 年')).toHaveProperty('value', '1988')
      expect(textbox('生年月日 月')).toHaveProperty('value', '03')
      expect(textbox('生年月日 日')).toHaveProperty('value', '16')
      expect(screen.getByRole('radio', { name: '女性' })).toHaveProperty('checked', true)
      expect(screen.getByRole('combobox', { name: '続柄' })).toHaveProperty('value', '01')
      expect(document.activeElement).toBe(button)
      expect(requests).toHaveLength(0)

      await user.click(screen.getByRole('button', { name: '追加する' }))

      await waitFor(() =>
        expect(
          within(screen.getByRole('region', { name: '登録した被保険者' })).getByRole('status')
            .textContent,
        ).toBe('椿　花子さんを登録しました。'),
      )
      expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
        {
          method: 'POST',
          url: '/api/applyInfo/insured/1',
          body: {
            version: 7,
            insrdInfo: {
              insrdNameKana: 'ツバキ　ハナコ',
              insrdNameKanji: '椿　花子',
              insrdBirthDate: '19880316',
              insrdSex: '2',
              itemAnswers: { RELATION: '01' },
            },
          },
        },
      ])
    })

    it('入れた内容は変えられ、エラーが出ていた欄は入れた値で確かめ直すこと', async () => {
      const user = userEvent.setup()
      await openUnit(1, () => withPolicyHolder(chosenView()))
      await user.click(screen.getByRole('button', { name: '追加する' }))
      await screen.findByRole('region', { name: '入力内容を確認してください' })
      expect(textbox('被保険者氏名 ※必須').getAttribute('aria-invalid')).toBe('true')

      await user.click(screen.getByRole('button', { name: HOLDER_BUTTON }))

      await waitFor(() =>
        expect(textbox('被保険者氏名 ※必須').getAttribute('aria-invalid')).toBe('false'),
      )
      expect(textbox('被保険者氏名（カナ） ※必須').getAttribute('aria-invalid')).toBe('false')
      await user.clear(textbox('被保険者氏名 ※必須'))
      await user.type(textbox('被保険者氏名 ※必須'), '椿　花')
      expect(textbox('被保険者氏名 ※必須')).toHaveProperty('value', '椿　花')
      await user.selectOptions(screen.getByRole('combobox', { name: '続柄' }), '配偶者')
      expect(screen.getByRole('combobox', { name: '続柄' })).toHaveProperty('value', '02')
    })

    it('ほかの補償に登録した方を選んで「選んだ方の内容を入力する」で、その方の内容と回答を入れること', async () => {
      const user = userEvent.setup()
      const hanako = testPerson(ID_2, 3, {
        insrdNameKana: 'ヤマダ　ハナコ',
        insrdNameKanji: '山田　花子',
        insrdBirthDate: '19821107',
        insrdSex: '2',
        itemAnswers: { RELATION: '02' },
      })
      const { requests } = await openUnit(1, () =>
        chosenView({ persons: [testPerson(ID_1, 3), hanako] }),
      )
      // a corporate or not yet entered holder: no 「ご契約者と同じ」
      expect(screen.queryByRole('button', { name: HOLDER_BUTTON })).toBeNull()
      const choose = screen.getByRole('combobox', { name: CHOOSE })
      expect(
        within(choose)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        '選択してください',
        '山田　太郎さん（1980年4月1日生まれ）',
        '山田　花子さん（1982年11月7日生まれ）',
      ])

      await user.click(screen.getByRole('button', { name: USE_CHOSEN }))
      expect(document.activeElement).toBe(choose)
      expect(choose.getAttribute('aria-invalid')).toBe('true')
      expect(describedTexts(choose)).toEqual(['内容を入力する方を選んでください。'])
      expect(textbox('被保険者氏名 ※必須')).toHaveProperty('value', '')

      await user.selectOptions(choose, '山田　花子さん（1982年11月7日生まれ）')
      expect(choose.getAttribute('aria-invalid')).toBe('false')
      await user.click(screen.getByRole('button', { name: USE_CHOSEN }))

      expect(fillStatus().textContent).toBe(
        '山田　花子さんの内容を入力しました。内容をご確認のうえ、「追加する」を押してください。',
      )
      expect(textbox('被保険者氏名（カナ） ※必須')).toHaveProperty('value', 'ヤマダ　ハナコ')
      expect(textbox('被保険者氏名 ※必須')).toHaveProperty('value', '山田　花子')
      expect(textbox('生年月日 年')).toHaveProperty('value', '1982')
      expect(textbox('生年月日 月')).toHaveProperty('value', '11')
      expect(textbox('生年月日 日')).toHaveProperty('value', '07')
      expect(screen.getByRole('radio', { name: '女性' })).toHaveProperty('checked', true)
      expect(screen.getByRole('combobox', { name: '続柄' })).toHaveProperty('value', '02')
      expect(requests).toHaveLength(0)
    })

    it('この補償にすでにいる方は選べず、使える方がいなければ欄ごと出さず、変更の欄にも出さないこと', async () => {
      const user = userEvent.setup()
      await openUnit(1, () =>
        chosenView({ persons: [testPerson(ID_1, 1), testPerson(ID_2, 3)], status: { '1': '1' } }),
      )
      expect(screen.queryByRole('group', { name: FILL_HEADING })).toBeNull()
      expect(screen.queryByRole('combobox', { name: CHOOSE })).toBeNull()

      await user.click(screen.getByRole('button', { name: '山田　太郎さんの登録内容を変更する' }))
      expect(
        screen.getByRole('heading', { level: 2, name: '被保険者の登録内容を変更' }),
      ).toBeTruthy()
      expect(screen.queryByRole('group', { name: FILL_HEADING })).toBeNull()
    })

    it('法人のご契約者からは入れないこと', async () => {
      await openUnit(1, () =>
        withPolicyHolder(chosenView(), {
          policyHolderDiv: '2',
          policyHolderBirthDate: '',
          policyHolderSex: '',
        }),
      )
      expect(screen.queryByRole('button', { name: HOLDER_BUTTON })).toBeNull()
      expect(screen.queryByRole('group', { name: FILL_HEADING })).toBeNull()
    })
  })

  it('一覧にない補償（選んでいない、または被保険者の項目がない）はページが見つからないこと', async () => {
    expectConsoleError(2)
    await openApplicationScreen('registerInsuredInfo/2', 'ページが見つかりません', {
      view: () => chosenView(),
      waitForLoad: false,
    })

    expect(
      screen.getByText(
        `${entBase}/registerInsuredInfo/2 のページは存在しません。URLに誤りがないかご確認ください。`,
      ),
    ).toBeTruthy()
  })
})
