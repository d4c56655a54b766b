import { act, screen } from '@testing-library/react'
import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { createMemoryRouter, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client.ts'
import { entBase, link } from '@/test/fixtures.ts'
import { createTestServices, renderRouter } from '@/test/render-app.tsx'
import { saveStep } from './application-api.ts'
import { applicationHandlers, testApplication } from '@/test/application.ts'
import { ConflictAlert, useApplication, type Application } from './use-application.tsx'
import { applicationSteps, type FlowTarget } from '@app/shared/rules/application-steps'

const CONFLICT = '別の画面またはタブで、お申し込みの内容が先に更新されました。'

let current: Application | undefined

function Probe({ step }: { step: FlowTarget }) {
  const application = useApplication(step)
  const { pathname } = useLocation()
  current = application
  return (
    <div>
      <p data-testid="path">{pathname}</p>
      {application === undefined ? (
        <p>loading</p>
      ) : (
        <>
          <p>version {application.view.version}</p>
          {application.conflict && <ConflictAlert />}
        </>
      )}
    </div>
  )
}

function ErrorView() {
  return <p>error screen</p>
}

async function renderProbe(
  step: FlowTarget,
  views: ApplicationView[],
  put?: (body: unknown) => Promise<ApplicationView>,
) {
  let calls = 0
  const getView = () => views[Math.min(calls++, views.length - 1)] as ApplicationView
  const services = createTestServices({ handlers: applicationHandlers(getView) })
  const putSpy = vi.fn(put ?? (() => Promise.reject(new Error('no PUT'))))
  services.api.put = ((path: string, body: unknown) =>
    putSpy({ path, body: JSON.parse(String(body)) as unknown })) as typeof services.api.put
  await services.groupStore.ensure('ent', link)
  const router = createMemoryRouter(
    [
      {
        path: '/ent/:groupPfCode/:groupPfCodeInceptionDateYm/:groupPfBranchNo/:urlKey/:page',
        element: <Probe step={step} />,
        errorElement: <ErrorView />,
      },
    ],
    { initialEntries: [`${entBase}/${step}`], basename: '/app' },
  )
  renderRouter(router, services)
  return { router, services, putSpy }
}

afterEach(() => {
  current = undefined
})

describe('useApplication', () => {
  it('読み込み中は undefined を返し、申込情報を読み込むと view と選んだ補償を返すこと', async () => {
    const view = testApplication(['entryTerms', 'selectPolicyHolderDiv', 'selectCategory'], {
      version: 4,
      applyInfo: {
        ...testApplication().applyInfo,
        cvrgeInfo: {
          totalPremium: 1500,
          initTotalPremium: 1500,
          unitArray: [
            { unit: 3, unitTypeCd: 'U3', unitPremium: 300 },
            { unit: 1, unitTypeCd: 'U1', unitPremium: 1200 },
          ],
          planUnitNo: 1,
          contractType: '2',
        },
      },
    })
    await renderProbe('selectType', [view])
    expect(screen.getByText('loading')).toBeTruthy()
    await screen.findByText('version 4')
    expect(current?.chosenUnitNos).toEqual([1, 3])
    expect(current?.group.groupPfInfo.groupPfCode).toBe('G001')
    expect(current?.items.map((entry) => entry.itemCode)).toContain('WORKPLACE')
  })

  it('まだ開いていない手順をURLで開くと、次に進むべき手順へ置き換えて移ること（SPEC §2.5）', async () => {
    const { router } = await renderProbe('selectType', [testApplication(['entryTerms'])])
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`${entBase}/selectPolicyHolderDiv`),
    )
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('申込済み（applied）の申込では、どの手順からも申込完了へ置き換えて移ること（issue #7）', async () => {
    const { router } = await renderProbe('checkPolicyHolderInfo', [
      testApplication(applicationSteps, { applicationStatus: 'applied' }),
    ])
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`${entBase}/completeApplication`),
    )
    expect(router.state.historyAction).toBe('REPLACE')
    expect(current).toBeUndefined()
  })

  it('完了した手順には戻れること', async () => {
    const { router } = await renderProbe('entryTerms', [
      testApplication(['entryTerms', 'selectPolicyHolderDiv']),
    ])
    await screen.findByText('version 1')
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)
  })

  it('save は現在の版で書き込み、答えの view を保持して返すこと。goToNext は次の手順へ移ること', async () => {
    const saved = testApplication(['entryTerms'], { version: 2 })
    const { router, services, putSpy } = await renderProbe('entryTerms', [testApplication()], () =>
      Promise.resolve(saved),
    )
    await screen.findByText('version 1')
    let result: ApplicationView | undefined
    await act(async () => {
      result = await current?.save((version) =>
        saveStep(services.api, 'entryTerms', { version, consentArray: [] }),
      )
    })
    expect(putSpy).toHaveBeenCalledWith({
      path: '/applyInfo/entryTerms',
      body: { version: 1, consentArray: [] },
    })
    expect(result).toBe(saved)
    expect(screen.getByText('version 2')).toBeTruthy()
    act(() => current?.goToNext(result))
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`${entBase}/selectPolicyHolderDiv`),
    )
  })

  it('409 APFC0001 では最新の申込情報を読み込み直し、競合のメッセージを出して undefined を返すこと', async () => {
    const { router } = await renderProbe(
      'entryTerms',
      [testApplication(), testApplication([], { version: 7 })],
      () => Promise.reject(new ApiError(409, { errorCode: 'APFC0001' })),
    )
    await screen.findByText('version 1')
    let result: ApplicationView | undefined = testApplication()
    await act(async () => {
      result = await current?.save(() =>
        Promise.reject(new ApiError(409, { errorCode: 'APFC0001' })),
      )
    })
    expect(result).toBeUndefined()
    expect(screen.getByText('version 7')).toBeTruthy()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(CONFLICT)
    expect(document.activeElement).toBe(alert)
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)
  })

  it('409 APFD0001 では次に進むべき手順へ移ること', async () => {
    const { router } = await renderProbe('selectCategory', [
      testApplication(['entryTerms', 'selectPolicyHolderDiv']),
      testApplication(['entryTerms']),
    ])
    await screen.findByText('version 1')
    await act(async () => {
      await current?.save(() => Promise.reject(new ApiError(409, { errorCode: 'APFD0001' })))
    })
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`${entBase}/selectPolicyHolderDiv`),
    )
  })

  it('400 APFV0001 はフォームに示すため投げ直し、その他の失敗はエラー画面にすること', async () => {
    await renderProbe('entryTerms', [testApplication()])
    await screen.findByText('version 1')
    const invalid = new ApiError(400, {
      errorCode: 'APFV0001',
      issues: [{ path: 'consentArray', message: 'x' }],
    })
    await act(async () => {
      await expect(current?.save(() => Promise.reject(invalid))).rejects.toBe(invalid)
    })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await act(async () => {
      await current?.save(() => Promise.reject(new ApiError(500, { errorCode: 'E9999' })))
    })
    expect(await screen.findByText('error screen')).toBeTruthy()
    spy.mockRestore()
  })
})
