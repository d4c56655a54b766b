import { documentVersions } from '@app/shared/documents'
import { t } from '@app/shared/messages/t'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  ATTEMPT_TOKEN,
  attemptAnswer,
  codeSent,
  jsonResponse,
  myPageLink,
  mypPath,
  openMyPage,
  PASSWORD,
  readMyPageSteps,
  USER_ID,
  type Respond,
} from '@/test/my-page.ts'

const idBox = () => screen.getByRole('textbox', { name: 'ID ※必須' })
const passwordBox = () => screen.getByLabelText<HTMLInputElement>('パスワード ※必須')
const consentBoxes = () => [
  screen.getByRole('checkbox', { name: '利用規約に同意する' }),
  screen.getByRole('checkbox', { name: 'システム利用規約に同意する' }),
  screen.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }),
  screen.getByRole('checkbox', { name: '情報セキュリティ方針に同意する' }),
]
const submit = () => screen.getByRole('button', { name: 'ログインする' })

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(idBox(), USER_ID)
  await user.type(passwordBox(), PASSWORD)
  for (const box of consentBoxes()) await user.click(box)
  await user.click(submit())
}

const mailAnswer: Respond = () =>
  jsonResponse(200, {
    ...attemptAnswer(),
    authTypeForLogin: 'mail',
    maskedPhoneNumber: null,
    codeSent: codeSent('mail', 't***@example.jp'),
  })

describe('ログイン（SPEC §2.2, §8.4 "My-page login"）', () => {
  it('ID・パスワードと4つの規約・方針への同意（各版）を POST /start2FA/ に送り、メールなら認証コードの入力へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('login', { respond: mailAnswer })

    await fillAndSubmit(user)

    expect(await screen.findByRole('heading', { level: 1, name: '認証コードの入力' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('loginCode'))
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/start2FA/' })
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      userId: USER_ID,
      password: PASSWORD,
      consents: [
        { documentId: 'terms-of-use', version: documentVersions['terms-of-use'] },
        { documentId: 'system-terms', version: documentVersions['system-terms'] },
        { documentId: 'privacy-policy', version: documentVersions['privacy-policy'] },
        { documentId: 'security-policy', version: documentVersions['security-policy'] },
      ],
    })
    expect(
      screen.getByText('t***@example.jp あてに、認証コードをメールでお送りしました。'),
    ).toBeTruthy()
    // SPEC §3.6: the attempt is kept in this tab, so a reload keeps the step.
    expect(readMyPageSteps()).toMatchObject({
      processingUser: { userId: USER_ID, attempt: { attemptToken: ATTEMPT_TOKEN } },
      authTypeForLogin: 'mail',
      flowType: 'telephoneLogin',
    })
  })

  it('電話番号で認証する人は、flowType telephoneLogin と伏せた番号を保存して、受け取り方法の選択へ進むこと（SPEC §3.6）', async () => {
    const user = userEvent.setup()
    const { router } = await openMyPage('login', {
      respond: () =>
        jsonResponse(200, {
          ...attemptAnswer(),
          authTypeForLogin: 'telephone',
          maskedPhoneNumber: '*******5678',
          codeSent: null,
        }),
    })

    await fillAndSubmit(user)

    expect(
      await screen.findByRole('heading', { level: 1, name: '電話番号認証の方法の選択' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('telephoneAuthSelect'))
    expect(
      screen.getByText(
        'ご登録の電話番号（*******5678）に認証コードをお送りします。受け取る方法を選んでください。',
      ),
    ).toBeTruthy()
    expect(readMyPageSteps()).toMatchObject({
      flowType: 'telephoneLogin',
      authTypeForLogin: 'telephone',
      maskedPhoneNumberForTelephoneAuthSelect: '*******5678',
    })
  })

  it('未入力・未同意のまま送ると、項目ごとのメッセージをサマリーに並べてフォーカスを移し、送らないこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openMyPage('login')

    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    await waitFor(() => expect(document.activeElement).toBe(summary))
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([
      `ID：${t('validation.required')}`,
      `パスワード：${t('validation.required')}`,
      '利用規約：ログインには、利用規約への同意が必要です。',
      'システム利用規約：ログインには、システム利用規約への同意が必要です。',
      '個人情報の取扱い：ログインには、個人情報の取扱いへの同意が必要です。',
      '情報セキュリティ方針：ログインには、情報セキュリティ方針への同意が必要です。',
    ])
    // The message is linked to its field (aria-describedby) and the field marked invalid.
    const error = document.getElementById(
      (idBox().getAttribute('aria-describedby') ?? '').split(' ').at(-1) ?? '',
    )
    expect(error?.textContent).toBe(t('validation.required'))
    expect(idBox().getAttribute('aria-invalid')).toBe('true')
    expect(requests).toEqual([])
  })

  it('IDに英数字以外を入れると、半角英数字で入力するよう示すこと', async () => {
    const user = userEvent.setup()
    await openMyPage('login')

    await user.type(idBox(), 'ＡＢ１２')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getAllByRole('link')[0]?.textContent).toBe(
      `ID：${t('validation.onlyNumberAndAllAlphabet')}`,
    )
  })

  it.each(['APFL0011', 'APFL0012'])(
    '%s はフォームの上に伝え、IDと同意は残し、パスワードは消すこと',
    async (errorCode) => {
      const user = userEvent.setup()
      await openMyPage('login', {
        respond: () => jsonResponse(errorCode === 'APFL0011' ? 401 : 423, { errorCode }),
      })

      await fillAndSubmit(user)

      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toBe(t(`error.${errorCode}` as 'error.APFL0011'))
      await waitFor(() => expect(document.activeElement).toBe(alert))
      expect(idBox()).toHaveProperty('value', USER_ID)
      expect(passwordBox().value).toBe('')
      expect(consentBoxes().map((box) => (box as HTMLInputElement).checked)).toEqual([
        true,
        true,
        true,
        true,
      ])
    },
  )

  it('サーバーの同意のチェック（APFV0001, consents）はサマリーに示すこと', async () => {
    const user = userEvent.setup()
    const message = '同意が必要です。'
    await openMyPage('login', {
      respond: () =>
        jsonResponse(400, { errorCode: 'APFV0001', issues: [{ path: 'consents', message }] }),
    })

    await fillAndSubmit(user)

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByText(message)).toBeTruthy()
  })

  it('各規約・方針へのリンクは、利用規約・各種ポリシーのページのその文書を新しいタブで開くこと', async () => {
    await openMyPage('login')

    const links = [
      ['利用規約を読む（新しいタブで開きます）', 'terms-of-use'],
      ['システム利用規約を読む（新しいタブで開きます）', 'system-terms'],
      ['個人情報保護方針を読む（新しいタブで開きます）', 'privacy-policy'],
      ['情報セキュリティ方針を読む（新しいタブで開きます）', 'security-policy'],
    ] as const
    for (const [name, anchor] of links) {
      const link = screen.getByRole('link', { name })
      expect(link.getAttribute('href')).toBe(`/app/systemTermsOfServiceAndPolicies#${anchor}`)
      expect(link.getAttribute('target')).toBe('_blank')
    }
  })

  it('入力欄はIDとパスワードの自動入力に対応し、パスワードは表示を切り替えられること', async () => {
    const user = userEvent.setup()
    await openMyPage('login')

    expect(idBox().getAttribute('autocomplete')).toBe('username')
    expect(passwordBox().getAttribute('autocomplete')).toBe('current-password')
    expect(passwordBox().type).toBe('password')
    await user.click(screen.getByRole('checkbox', { name: 'パスワードを表示する' }))
    expect(passwordBox().type).toBe('text')
  })

  it.each([
    ['パスワードをお忘れの方', 'passwordReset', 'パスワードの再設定'],
    ['IDをお忘れの方', 'idReNotification', 'IDの再通知'],
  ])('「%s」から %s へ進めること', async (name, page, title) => {
    const user = userEvent.setup()
    const { router } = await openMyPage('login')

    await user.click(screen.getByRole('link', { name }))

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath(page))
  })
})
