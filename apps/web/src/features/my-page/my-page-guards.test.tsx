import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeMyPageSession } from '@/test/access.ts'
import { link, mypBase } from '@/test/fixtures.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { heldAttempt, mypPath, storeMyPageSteps, USER_ID } from '@/test/my-page.ts'

// SPEC §2.5 on my-page: the pages reached only through the flow, and the four that open directly.

const query = `?groupPfCodeInceptionDateYm=${link.groupPfCodeInceptionDateYm}&groupPfBranchNo=${link.groupPfBranchNo}`

describe('マイページの直接アクセスの防止（SPEC §2.5）', () => {
  it.each([
    'checkContractInfo',
    'home',
    'idReNotificationComplete',
    'loginCode',
    'logout',
    'mailChange',
    'mailChangeComplete',
    'passwordReset',
    'passwordResetComplete',
    'phoneNumberRegistrationComplete',
    'startRegisterTelephoneAuth',
    'telephoneAuthSelect',
    'verifyTelephoneAuth',
  ])(
    '%s へアドレスを入力して来たら、サインイン中でもクエリを保ってログインへ移ること',
    async (page) => {
      storeMyPageSession()
      storeMyPageSteps({ processingUser: { userId: USER_ID, attempt: heldAttempt() } })
      const { router } = renderApp(`${mypBase}/${page}${query}`, createTestServices())

      expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
      expect(router.state.location.pathname).toBe(mypPath('login'))
      expect(router.state.location.search).toBe(query)
    },
  )

  it.each([
    ['login', 'ログイン'],
    ['idReNotification', 'IDの再通知'],
    ['passwordResetCode', 'パスワード再設定の認証コードの入力'],
    ['mailChangeCode', 'メールアドレス変更の認証コードの入力'],
  ])('%s はアドレスを入力して来ても表示すること', async (page, title) => {
    storeMyPageSession()
    const { router } = renderApp(`${mypBase}/${page}`, createTestServices())

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath(page))
  })
})
