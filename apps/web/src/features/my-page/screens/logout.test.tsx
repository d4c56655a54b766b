import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MY_PAGE_STATE_KEY } from '@/lib/my-page-steps.ts'
import { readSession } from '@/lib/session.ts'
import { heldAttempt, jsonResponse, mypPath, openMyPage } from '@/test/my-page.ts'

describe('ログアウト（SPEC §2.2; PRODUCT.md "Sessions"）', () => {
  it('DELETE /sessionInfo/ を送り、このタブのセッションとマイページの手続きを消して、ログインへの道を示すこと', async () => {
    const { requests } = await openMyPage('logout', {
      signedIn: true,
      steps: { mailChange: { newMail: 'new@example.jp', attempt: heldAttempt() } },
      respond: () => jsonResponse(204, null),
    })

    expect(screen.getByText('ログアウトしました。ご利用ありがとうございました。')).toBeTruthy()
    await waitFor(() => expect(readSession(window.sessionStorage)).toBeUndefined())
    expect(window.sessionStorage.getItem(MY_PAGE_STATE_KEY)).toBeNull()
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/sessionInfo/' })
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer /)
    expect(screen.getByRole('link', { name: 'ログイン画面へ' }).getAttribute('href')).toBe(
      mypPath('login'),
    )
  })

  it('サーバーに届かなくても、このタブのセッションは消すこと', async () => {
    await openMyPage('logout', {
      signedIn: true,
      respond: () => jsonResponse(500, { errorCode: 'E9999' }),
    })

    await waitFor(() => expect(readSession(window.sessionStorage)).toBeUndefined())
    expect(screen.getByText('ログアウトしました。ご利用ありがとうございました。')).toBeTruthy()
  })
})
