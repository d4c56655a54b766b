import type { ApplicationView, InsuredPerson } from '@app/shared/api/application/apply-info'
import type { UnitInfo } from '@app/shared/api/group/group-pf-info'
import { screen } from '@testing-library/react'
import { storeTestSession } from '@/test/access.ts'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { createTestServices, renderApp, type GetHandler } from '@/test/render-app.tsx'
import { applicationHandlers, testApplication, testUnits } from '@/test/application.ts'

// Opens one of the application's input screens in a test (issue #6): signed in, reached through
// the flow, with GET /applyInfo/ answering `view()` and the writes answered by `respond`.

export type Respond = (method: string, path: string) => Response

export interface OpenOptions {
  view: () => ApplicationView
  respond?: Respond
  handlers?: Record<string, GetHandler>
  units?: UnitInfo[]
  /** false: do not wait for the application to load (a page that fails) */
  waitForLoad?: boolean
}

export async function openApplicationScreen(
  page: string,
  heading: string,
  { view, respond, handlers = {}, units = testUnits, waitForLoad = true }: OpenOptions,
) {
  storeTestSession()
  const http = mockFetch(
    respond ?? ((method, path) => jsonResponse(500, { errorCode: 'E9999', path, method })),
  )
  const services = createTestServices({
    handlers: { ...applicationHandlers(view, units), ...handlers },
    fetch: http.fetch,
  })
  const path = `${entBase}/${page}`
  // Arrived through the flow (SPEC §2.5), as from the step before.
  services.flow.handOff(path)
  const rendered = renderApp(path, services)
  await screen.findByRole('heading', { level: 1, name: heading })
  // The title shows at once; the step's place in the flow once the application has loaded.
  if (waitForLoad) {
    await screen.findByText(/^ステップ [1-4] \/ 5：/)
  }
  return { ...rendered, requests: http.requests, fetch: http.fetch }
}

/** A write's answer: the view as JSON. */
export function viewResponse(view: ApplicationView): Response {
  return jsonResponse(200, view)
}

export function validationResponse(issues: { path: string; message: string }[]): Response {
  return jsonResponse(400, { errorCode: 'APFV0001', issues })
}

/** The text of each element the element's aria-describedby names. */
export function describedTexts(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
}

type Completed = NonNullable<Parameters<typeof testApplication>[0]>

const throughPolicyHolder: Completed = [
  'entryTerms',
  'selectPolicyHolderDiv',
  'selectCategory',
  'selectType',
  'inputPolicyHolderInfo',
]

/**
 * An individual applicant's application after inputPolicyHolderInfo, with units 1 (Aプラン) and 3
 * (携行品オプション) chosen: both have the insured item 続柄, and the notice matter applies.
 */
export function chosenView(
  options: {
    completed?: Completed
    version?: number
    persons?: InsuredPerson[]
    status?: Record<string, '0' | '1' | '2'>
    applyInfo?: Partial<ApplicationView['applyInfo']>
    docSlotCount?: number
  } = {},
): ApplicationView {
  const persons = options.persons ?? []
  const base = testApplication([...throughPolicyHolder, ...(options.completed ?? [])], {
    version: options.version ?? 7,
    shape: {
      policyHolderDiv: '1',
      coverageChosen: true,
      insuredUnitCount: 2,
      noticeItemCount: 1,
      docSlotCount: options.docSlotCount ?? 1,
    },
    applyInfo: {
      cvrgeInfo: {
        totalPremium: 1500,
        initTotalPremium: 1500,
        unitArray: [
          { unit: 1, unitTypeCd: 'U1', unitPremium: 1200 },
          { unit: 3, unitTypeCd: 'U3', unitPremium: 300 },
        ],
        planUnitNo: 1,
        contractType: '2',
      },
      insrdInfoArray: persons,
      ...options.applyInfo,
    },
  })
  return {
    ...base,
    applyInfoOption: { ...base.applyInfoOption, insuredRegisterStatus: options.status ?? {} },
  }
}

export function testPerson(
  insrdId: string,
  unit: number,
  patch: Partial<InsuredPerson> = {},
): InsuredPerson {
  return {
    insrdId,
    unit,
    insrdNameKana: 'ヤマダ　タロウ',
    insrdNameKanji: '山田　太郎',
    insrdBirthDate: '19800401',
    insrdSex: '1',
    itemAnswers: { RELATION: '01' },
    ...patch,
  }
}
