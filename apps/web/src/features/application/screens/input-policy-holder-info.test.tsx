import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { entBase } from '@/test/fixtures.ts'
import { testApplication } from '@/test/application.ts'
import {
  describedTexts,
  openApplicationScreen,
  validationResponse,
  viewResponse,
  type Respond,
} from './application-screen-test.ts'

const TITLE = '加入者情報の入力'
const REQUIRED = '必須項目です。'
const NOT_FOUND = '郵便番号から住所を見つけられませんでした。住所を直接入力してください。'

function policyHolderView(
  div: '1' | '2',
  patch: Partial<ApplicationView['applyInfo']['policyHolderInfo']> = {},
  completed: Parameters<typeof testApplication>[0] = [],
): ApplicationView {
  const view = testApplication(
    ['entryTerms', 'selectPolicyHolderDiv', 'selectCategory', 'selectType', ...completed],
    {
      shape: {
        policyHolderDiv: div,
        coverageChosen: true,
        insuredUnitCount: 1,
        noticeItemCount: 1,
      },
    },
  )
  return {
    ...view,
    applyInfo: {
      ...view.applyInfo,
      policyHolderInfo: {
        ...view.applyInfo.policyHolderInfo,
        policyHolderDiv: div,
        itemAnswers: { AUTH_1: 'E0001' },
        ...patch,
      },
      cvrgeInfo: {
        ...view.applyInfo.cvrgeInfo,
        unitArray: [{ unit: 1, unitTypeCd: 'U1', unitPremium: 1200 }],
        planUnitNo: 1,
        contractType: '1',
      },
    },
  }
}

const filled = {
  policyHolderNameKana: 'ヤマダ　タロウ',
  policyHolderNameKanji: '山田　太郎',
  policyHolderBirthDate: '19800401',
  policyHolderSex: '1' as const,
  policyHolderZipCd: '1000001',
  policyHolderAddressKanji: '東京都千代田区千代田１－１',
  policyHolderAddressKana: 'トウキョウトチヨダクチヨダ１－１',
  mobileTelNo: '090-1234-5678',
  itemAnswers: { AUTH_1: 'E0001', WORKPLACE: '1', EMPLOYEE_NO: '12345' },
}

async function open(view: () => ApplicationView, respond?: Respond, address?: unknown) {
  return openApplicationScreen('inputPolicyHolderInfo', TITLE, {
    view,
    respond,
    handlers:
      address === undefined
        ? {}
        : {
            '/address/': (query) => {
              if (address instanceof Error) throw address
              return { ...(address as object), query }
            },
          },
  })
}

const textbox = (name: string) => screen.getByRole('textbox', { name })

describe('加入者情報の入力（inputPolicyHolderInfo, SPEC §3.8）', () => {
  it('個人の加入者には氏名・生年月日・性別を、保存済みの値と団体の項目とともに表示すること', async () => {
    await open(() => policyHolderView('1', { policyHolderNameKana: 'ヤマダ　タロウ' }))

    expect(screen.getByText('団体名：さくら商事 団体総合保険')).toBeTruthy()
    expect(textbox('氏名（カナ） ※必須')).toHaveProperty('value', 'ヤマダ　タロウ')
    expect(textbox('氏名 ※必須')).toBeTruthy()
    expect(screen.getByRole('group', { name: '生年月日 ※必須' })).toBeTruthy()
    expect(screen.getByRole('radiogroup', { name: '性別 ※必須' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'なし' })).toHaveProperty('checked', true)
    expect(screen.queryByRole('textbox', { name: /保険会社名/ })).toBeNull()
    const itemsSection = screen.getByRole('heading', { level: 2, name: '団体からの確認事項' })
      .parentElement as HTMLElement
    expect(within(itemsSection).getByRole('radiogroup', { name: '勤務地' })).toBeTruthy()
    expect(within(itemsSection).getByRole('textbox', { name: '社員番号' })).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: '続柄' })).toBeNull()
  })

  it('法人の加入者には法人名のラベルで尋ね、生年月日と性別は尋ねないこと', async () => {
    await open(() => policyHolderView('2'))

    expect(textbox('法人名（カナ） ※必須')).toBeTruthy()
    expect(textbox('法人名 ※必須')).toBeTruthy()
    expect(screen.queryByRole('group', { name: /生年月日/ })).toBeNull()
    expect(screen.queryByRole('radiogroup', { name: /性別/ })).toBeNull()
    // Issue #23 point 8: no 自宅電話番号 for a corporation.
    expect(screen.getByRole('textbox', { name: '会社の電話番号' })).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: /自宅電話番号/ })).toBeNull()
    expect(
      screen.getByText('会社の電話番号と携帯電話番号の、どちらか1つは必ず入力してください。'),
    ).toBeTruthy()
  })

  // Issue #23 point 8: the mobile number's example is a mobile number, not a landline.
  it('携帯電話番号の例は携帯電話の番号、自宅電話番号とFAX番号の例は固定電話の番号であること', async () => {
    await open(() => policyHolderView('1'))

    const mobile = screen.getByRole('textbox', { name: '携帯電話番号' })
    const home = screen.getByRole('textbox', { name: '自宅電話番号' })
    const describedBy = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    expect(describedBy(mobile)).toContain('例：090-1234-5678')
    expect(describedBy(mobile)).not.toContain('03-1234-5678')
    expect(describedBy(home)).toContain('例：03-1234-5678')
  })

  it('「住所を検索」で見つかった住所を住所欄に、読みを住所（カナ）欄に入れ、住所欄へフォーカスを移して知らせること', async () => {
    const user = userEvent.setup()
    const { services } = await open(() => policyHolderView('1'), undefined, {
      addressArray: [
        {
          prefecture: '東京都',
          city: '千代田区',
          town: '千代田',
          prefectureKana: 'トウキョウト',
          cityKana: 'チヨダク',
          townKana: 'チヨダ',
        },
      ],
    })

    await user.type(textbox('郵便番号 ※必須'), '1000001')
    // Pressing the button asks for both boxes to be filled: what was there before is replaced.
    await user.type(textbox('住所（カナ） ※必須'), 'オオサカフ')
    await user.click(screen.getByRole('button', { name: '住所を検索' }))

    const address = textbox('住所 ※必須')
    await waitFor(() => expect(address).toHaveProperty('value', '東京都千代田区千代田'))
    expect(textbox('住所（カナ） ※必須')).toHaveProperty('value', 'トウキョウト　チヨダク　チヨダ')
    expect(document.activeElement).toBe(address)
    expect(screen.getByRole('status').textContent).toBe(
      '住所と住所（カナ）を入力しました。続けて、それぞれに番地・建物名・部屋番号を入力してください。',
    )
    expect(services.getCalls.filter((call) => call.path === '/address/')).toEqual([
      { path: '/address/', query: { zipCode: '1000001' } },
    ])
  })

  it('町域が複数ある郵便番号では、住所と住所（カナ）の共通する部分だけを入れて知らせること', async () => {
    const user = userEvent.setup()
    const kasuga = { prefecture: '愛知県', city: '清須市', prefectureKana: 'アイチケン' }
    await open(() => policyHolderView('1'), undefined, {
      addressArray: [
        { ...kasuga, town: '春日明河原', cityKana: 'キヨスシ', townKana: 'ハルヒアケガワラ' },
        { ...kasuga, town: '春日一番割', cityKana: 'キヨスシ', townKana: 'ハルヒイチバンワリ' },
      ],
    })

    await user.type(textbox('郵便番号 ※必須'), '4520961')
    await user.click(screen.getByRole('button', { name: '住所を検索' }))

    await waitFor(() => expect(textbox('住所 ※必須')).toHaveProperty('value', '愛知県清須市春日'))
    expect(textbox('住所（カナ） ※必須')).toHaveProperty('value', 'アイチケン　キヨスシ　ハルヒ')
    expect(screen.getByRole('status').textContent).toBe(
      'この郵便番号には複数の地域があるため、住所と住所（カナ）には市区町村までを入力しました。続けて、それぞれに町域から入力してください。',
    )
  })

  it('町域のない郵便番号では、住所（カナ）は市区町村の読みで終わること', async () => {
    const user = userEvent.setup()
    await open(() => policyHolderView('1'), undefined, {
      addressArray: [
        {
          prefecture: '北海道',
          city: '札幌市中央区',
          town: '',
          prefectureKana: 'ホッカイドウ',
          cityKana: 'サッポロシチュウオウク',
          townKana: '',
        },
      ],
    })

    await user.type(textbox('郵便番号 ※必須'), '0600000')
    await user.click(screen.getByRole('button', { name: '住所を検索' }))

    await waitFor(() => expect(textbox('住所 ※必須')).toHaveProperty('value', '北海道札幌市中央区'))
    expect(textbox('住所（カナ） ※必須')).toHaveProperty(
      'value',
      'ホッカイドウ　サッポロシチュウオウク',
    )
  })

  it('住所が見つからないときは手入力を促すメッセージを状態として伝え、入力欄はそのまま使えること', async () => {
    const user = userEvent.setup()
    await open(() => policyHolderView('1'), undefined, { addressArray: [] })

    await user.type(textbox('郵便番号 ※必須'), '0000000')
    await user.type(textbox('住所 ※必須'), '大阪府')
    await user.type(textbox('住所（カナ） ※必須'), 'オオサカフ')
    await user.click(screen.getByRole('button', { name: '住所を検索' }))

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NOT_FOUND))
    expect(textbox('住所 ※必須')).toHaveProperty('value', '大阪府')
    expect(textbox('住所（カナ） ※必須')).toHaveProperty('value', 'オオサカフ')
    await user.type(textbox('住所 ※必須'), '大阪市')
    expect(textbox('住所 ※必須')).toHaveProperty('value', '大阪府大阪市')
  })

  it('郵便番号の形式が違うと、住所を探さずに郵便番号の欄にメッセージを出すこと', async () => {
    const user = userEvent.setup()
    const { services } = await open(() => policyHolderView('1'), undefined, { addressArray: [] })

    await user.type(textbox('郵便番号 ※必須'), '100-0001')
    await user.click(screen.getByRole('button', { name: '住所を検索' }))

    const zip = textbox('郵便番号 ※必須')
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'))
    expect(describedTexts(zip).at(-1)).toBe(
      '郵便番号の形式に誤りがあります。ハイフンを入れずに、半角数字7桁で入力してください。',
    )
    expect(document.activeElement).toBe(zip)
    expect(services.getCalls.some((call) => call.path === '/address/')).toBe(false)
  })

  it('他の保険契約を「あり」にすると、保険会社名などを必須で尋ねること', async () => {
    const user = userEvent.setup()
    await open(() => policyHolderView('1', filled))

    await user.click(screen.getByRole('radio', { name: 'あり' }))
    expect(textbox('保険会社名 ※必須')).toBeTruthy()
    expect(textbox('保険の種類 ※必須')).toBeTruthy()
    expect(screen.getByRole('group', { name: '満期日 ※必須' })).toBeTruthy()
    expect(textbox('支払限度額（円） ※必須')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: '次へ' }))
    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `保険会社名：${REQUIRED}`,
      `保険の種類：${REQUIRED}`,
      `満期日：${REQUIRED}`,
      `支払限度額（円）：${REQUIRED}`,
    ])
  })

  it('空のまま送ると、欄ごとの誤りと、生年月日・電話番号の組み合わせの誤りをまとめて示すこと', async () => {
    const user = userEvent.setup()
    await open(() => policyHolderView('1'))

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `氏名（カナ）：${REQUIRED}`,
      `氏名：${REQUIRED}`,
      `生年月日：${REQUIRED}`,
      `性別：${REQUIRED}`,
      `郵便番号：${REQUIRED}`,
      `住所：${REQUIRED}`,
      `住所（カナ）：${REQUIRED}`,
      '自宅電話番号：自宅電話番号か携帯電話番号の、どちらか1つを入力してください。',
    ])
    expect(document.activeElement).toBe(summary)
  })

  it('「次へ」で版とともに保存し、次の手順へ進むこと。隠れた他の保険の内容は送らないこと', async () => {
    const user = userEvent.setup()
    let view = policyHolderView('1', {
      ...filled,
      otherInsuranceCompanyName: '前の保険会社',
    })
    const { requests } = await open(
      () => view,
      (method, path) => {
        if (method === 'PUT' && path === '/applyInfo/inputPolicyHolderInfo') {
          view = policyHolderView('1', filled, ['inputPolicyHolderInfo'])
          return viewResponse(view)
        }
        return validationResponse([])
      },
    )

    await user.click(screen.getByRole('button', { name: '次へ' }))

    expect(await screen.findByRole('heading', { level: 1, name: '被保険者の登録' })).toBeTruthy()
    expect(requests).toHaveLength(1)
    expect(requests[0]?.body).toEqual({
      version: 1,
      policyHolderInfo: {
        policyHolderNameKana: 'ヤマダ　タロウ',
        policyHolderNameKanji: '山田　太郎',
        policyHolderBirthDate: '19800401',
        policyHolderSex: '1',
        policyHolderZipCd: '1000001',
        policyHolderAddressKanji: '東京都千代田区千代田１－１',
        policyHolderAddressKana: 'トウキョウトチヨダクチヨダ１－１',
        homeTelNo: '',
        mobileTelNo: '090-1234-5678',
        faxNo: '',
        otherInsuranceFlg: '2',
        otherInsuranceCompanyName: '',
        otherInsuranceType: '',
        otherInsuranceExpiryDate: '',
        otherInsurancePymntLimit: '',
        itemAnswers: { AUTH_1: 'E0001', WORKPLACE: '1', EMPLOYEE_NO: '12345' },
      },
    })
  })

  it('サーバーが断った項目にメッセージを出し、入力した内容はそのまま残すこと', async () => {
    const user = userEvent.setup()
    const message = '当システムで入力できない文字が含まれています。'
    const { router } = await open(
      () => policyHolderView('1', filled),
      () => validationResponse([{ path: 'policyHolderAddressKanji', message }]),
    )
    await user.clear(textbox('住所 ※必須'))
    await user.type(textbox('住所 ※必須'), '東京都千代田区千代田１－１　さくらビル')

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const address = textbox('住所 ※必須')
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'))
    expect(describedTexts(address).at(-1)).toBe(message)
    expect(address).toHaveProperty('value', '東京都千代田区千代田１－１　さくらビル')
    expect(router.state.location.pathname).toBe(`${entBase}/inputPolicyHolderInfo`)
  })
})
