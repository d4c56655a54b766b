import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { testApplication } from '@/test/application.ts'
import { openApplicationScreen, viewResponse } from './application-screen-test.ts'

const TITLE = '管理担当者の登録'

const manager = {
  maintenanceManagerNameKana: 'スズキ　ハナコ',
  maintenanceManagerNameKanji: '鈴木　花子',
  maintenanceManagerDepartment: '総務部',
  maintenanceManagerTelNo: '03-1234-5678',
  maintenanceManagerMailAddress: 'hanako@example.jp',
}

function managerView(
  saved: ApplicationView['applyInfo']['maintenanceManagerInfo'],
  extraCompleted: Parameters<typeof testApplication>[0] = [],
  version = 3,
): ApplicationView {
  return testApplication(
    [
      'entryTerms',
      'selectPolicyHolderDiv',
      'selectCategory',
      'selectType',
      'inputPolicyHolderInfo',
      ...extraCompleted,
    ],
    {
      version,
      shape: { policyHolderDiv: '2', coverageChosen: true, insuredUnitCount: 1 },
      applyInfo: { maintenanceManagerInfo: saved },
    },
  )
}

describe('管理担当者の登録（registerMaintenanceManager）', () => {
  it('担当者の欄を必須の印と補足とともに表示し、保存済みの内容を入れておくこと', async () => {
    await openApplicationScreen('registerMaintenanceManager', TITLE, {
      view: () => managerView(manager),
    })

    expect(screen.getByRole('textbox', { name: '担当者氏名（カナ） ※必須' })).toHaveProperty(
      'value',
      'スズキ　ハナコ',
    )
    expect(screen.getByRole('textbox', { name: '部署名' })).toHaveProperty('value', '総務部')
    expect(screen.getByRole('textbox', { name: '電話番号 ※必須' }).getAttribute('type')).toBe('tel')
    expect(screen.getByRole('textbox', { name: 'メールアドレス ※必須' }).getAttribute('type')).toBe(
      'email',
    )
  })

  it('空のまま送ると必須の欄を示し、入力して送ると保存して次の手順へ進むこと', async () => {
    const user = userEvent.setup()
    let view = managerView(null)
    const { requests } = await openApplicationScreen('registerMaintenanceManager', TITLE, {
      view: () => view,
      respond: () => {
        view = managerView(manager, ['registerMaintenanceManager'], 4)
        return viewResponse(view)
      },
    })

    await user.click(screen.getByRole('button', { name: '次へ' }))
    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getAllByRole('link')).toHaveLength(4)
    expect(requests).toHaveLength(0)

    await user.type(
      screen.getByRole('textbox', { name: '担当者氏名（カナ） ※必須' }),
      'スズキ　ハナコ',
    )
    await user.type(screen.getByRole('textbox', { name: '担当者氏名 ※必須' }), '鈴木　花子')
    await user.type(screen.getByRole('textbox', { name: '部署名' }), '総務部')
    await user.type(screen.getByRole('textbox', { name: '電話番号 ※必須' }), '03-1234-5678')
    await user.type(
      screen.getByRole('textbox', { name: 'メールアドレス ※必須' }),
      'hanako@example.jp',
    )
    await user.click(screen.getByRole('button', { name: '次へ' }))

    expect(await screen.findByRole('heading', { level: 1, name: '被保険者の登録' })).toBeTruthy()
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'PUT',
        url: '/api/applyInfo/registerMaintenanceManager',
        body: { version: 3, maintenanceManagerInfo: manager },
      },
    ])
  })

  it('別の画面で変更されていたときは、そのことを伝え、入力した内容を残すこと', async () => {
    const user = userEvent.setup()
    let view = managerView(manager)
    await openApplicationScreen('registerMaintenanceManager', TITLE, {
      view: () => view,
      respond: () => {
        view = managerView(manager, [], 5)
        return jsonResponse(409, { errorCode: 'APFC0001' })
      },
    })
    const department = screen.getByRole('textbox', { name: '部署名' })
    await user.clear(department)
    await user.type(department, '人事部')

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(alert.getAttribute('data-error-code')).toBe('APFC0001')
    expect(screen.getByRole('textbox', { name: '部署名' })).toHaveProperty('value', '人事部')
  })
})
