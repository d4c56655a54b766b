import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { refFreeField } from '@/test/fixtures.ts'
import { testItems } from '@/test/application.ts'
import {
  chosenView,
  openApplicationScreen,
  validationResponse,
  viewResponse,
  type Respond,
} from './application-screen-test.ts'

const TITLE = '告知事項'
const QUESTION_1 = '過去1年以内に入院したことがありますか。'
const QUESTION_2 = '現在、治療中の病気はありますか。'
const BLOCKING =
  'この回答の場合、お申し込みいただけません。回答に誤りがないかご確認ください。ご不明な点は取扱代理店にお問い合わせください。'

const treatment: ItemDefinition = {
  itemCode: 'NOTICE_2',
  itemName: QUESTION_2,
  supportText: '健康診断での再検査の指示を含みます。',
  inputType: 'checkbox',
  itemClass: '030',
  category: '010',
  relatedUnitNo: [],
  displayOrder: 2,
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '2',
  authItemCd: null,
  ruleArray: ['required'],
  choiceArray: [
    { code: 'A', label: 'がん' },
    { code: 'B', label: '心疾患' },
    { code: 'N', label: 'いずれもない' },
  ],
  blockingAnswerArray: ['A', 'B'],
}

const noticeItems = [...testItems, treatment]

function noticeView(answers: Record<string, string | string[]> = {}, version = 9): ApplicationView {
  return chosenView({
    version,
    completed: ['registerInsuredInfo'],
    applyInfo: { noticeMatterInfo: { answers } },
  })
}

function open(view: () => ApplicationView, respond?: Respond) {
  return openApplicationScreen('noticeMatters', TITLE, {
    view,
    respond,
    handlers: { '/itemDefinitions/': () => ({ itemDefinitionArray: noticeItems }) },
  })
}

describe('告知事項（noticeMatters, SPEC §8.4）', () => {
  it('告知事項を answers.<itemCode> の名前で、保存済みの回答とともに表示すること', async () => {
    await open(() => noticeView({ NOTICE_1: '2' }))

    const question1 = screen.getByRole('radiogroup', { name: QUESTION_1 })
    expect(
      within(question1)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('name')),
    ).toEqual(['answers.NOTICE_1', 'answers.NOTICE_1'])
    expect(screen.getByRole('radio', { name: 'いいえ' })).toHaveProperty('checked', true)
    expect(
      screen.getByRole('group', {
        name: `${QUESTION_2} ※必須`,
        description: '健康診断での再検査の指示を含みます。',
      }),
    ).toBeTruthy()
    expect(screen.queryByText(BLOCKING)).toBeNull()
  })

  it('申込みができない回答を選ぶとすぐに、その質問の下にメッセージと取扱代理店の連絡先を示すこと', async () => {
    const user = userEvent.setup()
    await open(() => noticeView())

    await user.click(screen.getByRole('radio', { name: 'はい' }))

    const message = screen.getByText(BLOCKING)
    const notice = message.parentElement as HTMLElement
    expect(notice.parentElement?.getAttribute('aria-live')).toBe('polite')
    expect(within(notice).getByText('お問い合わせ先')).toBeTruthy()
    expect(within(notice).getByText(refFreeField, { normalizer: (text) => text })).toBeTruthy()
    // Beside its own question: right after the radio group.
    const group = screen.getByRole('radiogroup', { name: QUESTION_1 })
    expect(group.nextElementSibling?.contains(message)).toBe(true)

    await user.click(screen.getByRole('radio', { name: 'いいえ' }))
    await waitFor(() => expect(screen.queryByText(BLOCKING)).toBeNull())

    await user.click(screen.getByRole('checkbox', { name: '心疾患' }))
    expect(screen.getByText(BLOCKING)).toBeTruthy()
  })

  it('申込みができない回答のままでは「次へ」で保存せず、サマリーに示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await open(() => noticeView({ NOTICE_1: '1', NOTICE_2: ['N'] }))
    expect(screen.getByText(BLOCKING)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([`${QUESTION_1}：${BLOCKING}`])
    // Under the question only once: in the box with the contact, not again as the field's error.
    expect(screen.getAllByText(BLOCKING)).toHaveLength(1)
    expect(requests).toHaveLength(0)
  })

  it('回答して「次へ」を押すと版とともに保存し、必要書類へ進むこと', async () => {
    const user = userEvent.setup()
    let view = noticeView()
    const { requests } = await open(
      () => view,
      () => {
        view = chosenView({
          version: 10,
          completed: ['registerInsuredInfo', 'noticeMatters'],
          applyInfo: { noticeMatterInfo: { answers: { NOTICE_1: '2', NOTICE_2: ['N'] } } },
        })
        return viewResponse(view)
      },
    )

    await user.click(screen.getByRole('button', { name: '次へ' }))
    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(`${QUESTION_2}：必須項目です。`)

    await user.click(screen.getByRole('radio', { name: 'いいえ' }))
    await user.click(screen.getByRole('checkbox', { name: 'いずれもない' }))
    await user.click(screen.getByRole('button', { name: '次へ' }))

    await screen.findByRole('heading', { level: 1, name: '必要書類のアップロード' })
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'PUT',
        url: '/api/applyInfo/noticeMatters',
        body: { version: 9, answers: { NOTICE_1: '2', NOTICE_2: ['N'] } },
      },
    ])
  })

  it('サーバーが断った回答には、その質問にメッセージを出すこと', async () => {
    const user = userEvent.setup()
    const message = '表示されている選択肢から選んでください。'
    await open(
      () => noticeView({ NOTICE_1: '2', NOTICE_2: ['N'] }),
      () => validationResponse([{ path: 'answers.NOTICE_2', message }]),
    )

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const group = screen.getByRole('group', { name: `${QUESTION_2} ※必須` })
    await waitFor(() => expect(group.textContent).toContain(message))
  })
})
