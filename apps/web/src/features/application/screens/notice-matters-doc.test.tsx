import type { ApplicationView, FileRef } from '@app/shared/api/application/apply-info'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse } from '@/test/http.ts'
import { applicationGroupResponse } from '@/test/application.ts'
import {
  chosenView,
  describedTexts,
  openApplicationScreen,
  validationResponse,
  viewResponse,
  type Respond,
} from './application-screen-test.ts'

const TITLE = '必要書類のアップロード'
const REQUIRED_UPLOAD = 'アップロードは必須です。'
const FILE_ID = '00000000-0000-4000-8000-0000000000f1'

const uploaded: FileRef = {
  fileId: FILE_ID,
  fileName: '会員証.pdf',
  size: 150_000,
  uploadedAt: '2026-11-20T01:00:00.000Z',
}

function docsView(file1Array: FileRef[] = [], version = 11): ApplicationView {
  return chosenView({
    version,
    completed: ['registerInsuredInfo', 'noticeMatters'],
    docSlotCount: 2,
    applyInfo: { requiredDocsInfo: { file1Array, file2Array: [], file3Array: null } },
  })
}

function groupWithFormat() {
  const response = applicationGroupResponse()
  const [first, second, third] = response.groupPfInfo.requiredDocsArray
  return {
    ...response,
    groupPfInfo: {
      ...response.groupPfInfo,
      requiredDocsArray: [{ ...first!, formatFileId: 'format_0001' }, second!, third!],
    },
  }
}

function open(view: () => ApplicationView, respond?: Respond) {
  return openApplicationScreen('noticeMattersDoc', TITLE, {
    view,
    respond,
    handlers: { '/groupPfInfo/': groupWithFormat },
  })
}

const memberCardInput = () => screen.getByLabelText<HTMLInputElement>(/^会員証の写しのファイル/)
const familyInput = () => screen.getByLabelText<HTMLInputElement>(/^続柄を確認できる書類のファイル/)

function fileOf(name: string, size: number, content = '123'): File {
  const file = new File([content], name, { type: 'application/octet-stream' })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('必要書類のアップロード（noticeMattersDoc, SPEC §2.8, ADR 0012）', () => {
  it('使う書類ごとに名前・必須か任意か・説明・様式のリンクと、ファイルを選ぶ欄を示すこと', async () => {
    await open(() => docsView())

    const memberCard = screen.getByRole('region', { name: '会員証の写し 必須' })
    expect(within(memberCard).getByText('会員番号の面を撮影してください。')).toBeTruthy()
    const format = within(memberCard).getByRole('link', {
      name: '会員証の写しの様式（ダウンロード）',
    })
    expect(format.getAttribute('href')).toBe('/api/groupImages/format_0001')
    expect(memberCardInput().getAttribute('accept')).toBe(
      '.jpg,.png,.txt,.xlsx,.xls,.pdf,.doc,.docx',
    )
    expect(memberCardInput().getAttribute('aria-required')).toBe('true')
    expect(describedTexts(memberCardInput())).toEqual([
      '添付できるファイルの種類はjpg、png、txt、xlsx、xls、pdf、doc、docxで、1ファイル2MBまでです。選ぶとすぐにアップロードします。',
    ])
    const family = screen.getByRole('region', { name: '続柄を確認できる書類 任意' })
    expect(within(family).queryByRole('link')).toBeNull()
    expect(familyInput().getAttribute('aria-required')).toBeNull()
    expect(screen.queryByRole('region', { name: /本人確認書類/ })).toBeNull()
  })

  it('種類や大きさが合わないファイルは、URL を求める前にその欄でメッセージを出すこと', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { requests } = await open(() => docsView())

    await user.upload(memberCardInput(), fileOf('setup.exe', 1000))
    expect(memberCardInput().getAttribute('aria-invalid')).toBe('true')
    expect(describedTexts(memberCardInput()).at(-1)).toBe(
      'この種類のファイルは添付できません。jpg、png、txt、xlsx、xls、pdf、doc、docxのいずれかのファイルを選んでください。',
    )

    await user.upload(memberCardInput(), fileOf('scan.PDF', 2 * 1024 * 1024 + 1))
    expect(describedTexts(memberCardInput()).at(-1)).toBe(
      'ファイルのサイズが2MBを超えているため、添付できません。2MB以下のファイルを選んでください。',
    )
    expect(requests).toHaveLength(0)
  })

  it('正しいファイルは署名付き URL を求めてアップロードし、一覧に加えて知らせること', async () => {
    const user = userEvent.setup()
    let view = docsView()
    const { requests } = await open(
      () => view,
      (method, path) => {
        if (method === 'POST' && path === '/uploadNecessaryDocsUrl/') {
          return jsonResponse(200, {
            uploadUrl: '/api/files/upload/token-1',
            expiresAt: '2026-11-20T01:10:00.000Z',
          })
        }
        view = docsView([uploaded], 12)
        return viewResponse(view)
      },
    )

    await user.upload(memberCardInput(), fileOf('会員証.pdf', 3))

    const memberCard = screen.getByRole('region', { name: '会員証の写し 必須' })
    await waitFor(() =>
      expect(within(memberCard).getByRole('status').textContent).toBe(
        '「会員証.pdf」をアップロードしました。',
      ),
    )
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/api/uploadNecessaryDocsUrl/',
        body: { slot: 1, fileName: '会員証.pdf', size: 3 },
      },
      { method: 'PUT', url: '/api/files/upload/token-1', body: 123 },
    ])
    expect(within(memberCard).getByText('会員証.pdf（147KB）')).toBeTruthy()
    expect(within(memberCard).getByRole('button', { name: '「会員証.pdf」を表示' })).toBeTruthy()
  })

  it('サーバーがファイルを断ったときは、その理由をその欄に示すこと', async () => {
    const user = userEvent.setup()
    const message =
      '受け取ったファイルの内容が、選んだファイルと一致しないため、添付できません。もう一度ファイルを選んでください。'
    await open(
      () => docsView(),
      (method) =>
        method === 'POST'
          ? jsonResponse(200, {
              uploadUrl: '/api/files/upload/t',
              expiresAt: '2026-11-20T01:10:00.000Z',
            })
          : validationResponse([{ path: 'file', message }]),
    )

    await user.upload(familyInput(), fileOf('戸籍.pdf', 3))

    await waitFor(() => expect(describedTexts(familyInput()).at(-1)).toBe(message))
    expect(memberCardInput().getAttribute('aria-invalid')).toBe('false')
  })

  it('「表示」は署名付き URL を新しいタブで開くこと', async () => {
    const user = userEvent.setup()
    const opened = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() }
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window)
    const { requests } = await open(
      () => docsView([uploaded]),
      () =>
        jsonResponse(200, {
          downloadUrl: '/api/files/download/token-2',
          expiresAt: '2026-11-20T01:05:00.000Z',
        }),
    )

    await user.click(screen.getByRole('button', { name: '「会員証.pdf」を表示' }))

    await waitFor(() =>
      expect(opened.location.href).toBe(
        new URL('/api/files/download/token-2', window.location.href).href,
      ),
    )
    expect(windowOpen).toHaveBeenCalledWith('about:blank', '_blank')
    expect(opened.opener).toBeNull()
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/downloadPresigned/', body: { fileId: FILE_ID } },
    ])
  })

  it('「削除」は版とともにファイルを削除し、知らせて書類の見出しへフォーカスを移すこと', async () => {
    const user = userEvent.setup()
    let view = docsView([uploaded])
    const { requests } = await open(
      () => view,
      () => {
        view = docsView([], 12)
        return viewResponse(view)
      },
    )

    await user.click(screen.getByRole('button', { name: '「会員証.pdf」を削除' }))

    const memberCard = screen.getByRole('region', { name: '会員証の写し 必須' })
    await waitFor(() =>
      expect(within(memberCard).getByRole('status').textContent).toBe(
        '「会員証.pdf」を削除しました。',
      ),
    )
    expect(requests.map(({ method, url }) => ({ method, url }))).toEqual([
      { method: 'DELETE', url: `/api/applyInfo/requiredDocs/${FILE_ID}?version=11` },
    ])
    expect(within(memberCard).getByText('まだファイルが添付されていません。')).toBeTruthy()
    expect(document.activeElement).toBe(
      within(memberCard).getByRole('heading', { level: 2, name: '会員証の写し 必須' }),
    )
  })

  it('必須の書類がないまま「次へ」を押すと、その欄にアップロードが必須であることを示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await open(() => docsView())

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    await waitFor(() => expect(document.activeElement).toBe(summary))
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([`会員証の写し：${REQUIRED_UPLOAD}`])
    expect(memberCardInput().getAttribute('aria-invalid')).toBe('true')
    expect(describedTexts(memberCardInput()).at(-1)).toBe(REQUIRED_UPLOAD)
    expect(familyInput().getAttribute('aria-invalid')).toBe('false')
    expect(requests).toHaveLength(0)
  })

  it('必須の書類があれば版とともに保存して次の手順へ進み、サーバーが断れば欄に示すこと', async () => {
    const user = userEvent.setup()
    let refuse = true
    let view = docsView([uploaded])
    const { requests, router } = await open(
      () => view,
      () => {
        if (refuse) {
          refuse = false
          return validationResponse([{ path: 'file1Array', message: REQUIRED_UPLOAD }])
        }
        view = chosenView({
          version: 12,
          completed: ['registerInsuredInfo', 'noticeMatters', 'noticeMattersDoc'],
          docSlotCount: 2,
        })
        return viewResponse(view)
      },
    )

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await waitFor(() => expect(describedTexts(memberCardInput()).at(-1)).toBe(REQUIRED_UPLOAD))

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${entBase}/checkPolicyHolderInfo`),
    )
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: '/api/applyInfo/noticeMattersDoc', body: { version: 11 } },
      { method: 'PUT', url: '/api/applyInfo/noticeMattersDoc', body: { version: 11 } },
    ])
  })
})
