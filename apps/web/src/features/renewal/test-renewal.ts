import { appHref, enrolmentPath } from '@app/shared/format/page-urls'
import type { RenewalInfo } from '@app/shared/api/renewal/endpoints'
import { renewalInfoRoute } from '@app/shared/api/renewal/routes'
import { act, screen } from '@testing-library/react'
import { link } from '@/test/fixtures.ts'
import type { GetHandler } from '@/test/render-app.tsx'
import { contractInfo, openMyPage, type Respond } from '@/test/my-page.ts'

// What the renewal screens' tests start from (issue #9): a holder signed in on my-page, the
// contract of 202604 (the fixture link's year) and its renewal state.

export const contractYm = link.groupPfCodeInceptionDateYm
export const nextYm = '202704'
export const entRouterPath = (page: string, ym: string = contractYm) =>
  enrolmentPath({ ...link, groupPfCodeInceptionDateYm: ym }, page)
export const entPath = (page: string, ym: string = contractYm) => appHref(entRouterPath(page, ym))
export const renewalTarget = {
  groupPfCode: link.groupPfCode,
  urlKey: link.urlKey,
  groupPfCodeInceptionDateYm: contractYm,
}

export function renewalInfo(overrides: Partial<RenewalInfo> = {}): RenewalInfo {
  const contract = contractInfo()
  return {
    groupPfCode: link.groupPfCode,
    groupPfPolicyHolderNo: 'P000123',
    subMailAddress: null,
    state: 'open',
    renewedBy: null,
    renewSttsDiv: '3',
    renewalProcedureButtonAndTextStatus: '1',
    canStopAutoRenewal: true,
    procedureOpensOn: null,
    groupPfAutoRenewFlg: '1',
    renewalFixDate: '20270301',
    pymntCount: 12,
    autoRenewStoppedAt: null,
    preRenewPolicyHolderInfo: {
      status: {
        preRenewSerialNo: 'P000123',
        groupPfCodeInceptionDateYm: contractYm,
        statusPattern: '330',
        inceptionDate: '20260401',
        expiryDate: '20270331',
      },
      policyHolderInfo: contract.policyHolderInfo,
      insrdInfoArray: contract.insrdInfoArray,
      cvrgeContent: {
        totalPremium: 12500,
        unitArray: contract.cvrgeInfo.unitArray,
      },
      unitNames: contract.unitNames,
    },
    insuredInfoWithoutPreRenewNotCopy: contract.insrdInfoArray,
    nextYear: {
      groupPfCodeInceptionDateYm: nextYm,
      groupInceptionDate: '20270401',
      groupExpiryDate: '20280331',
      groupPfBranchNo: link.groupPfBranchNo,
      urlKey: link.urlKey,
      autoRenewCvrgeContent: {
        totalPremium: 13000,
        unitArray: [
          { unit: 1, unitTypeCd: 'A', unitPremium: 10400 },
          { unit: 2, unitTypeCd: 'B', unitPremium: 2600 },
        ],
      },
      unitNames: { '1': '基本プラン（2027年度）', '2': '携行品オプション（2027年度）' },
      pymntCount: 12,
    },
    renewedGroupPfCodeInceptionDateYm: null,
    ...overrides,
  }
}

/**
 * A renewal page reached in the app from my-page (signed in on my-page), as from home's link.
 * GET renewalInfoRoute answers `info` unless `handlers` say otherwise.
 */
export async function openRenewalPage(
  page: string,
  options: {
    info?: RenewalInfo
    respond?: Respond
    handlers?: Record<string, GetHandler>
  } = {},
) {
  const info = options.info ?? renewalInfo()
  const opened = await openMyPage('login', {
    signedIn: true,
    ...(options.respond === undefined ? {} : { respond: options.respond }),
    handlers: { [renewalInfoRoute.path]: () => info, ...options.handlers },
  })
  await act(() => opened.router.navigate(entRouterPath(page)))
  return opened
}

export const heading = (name: string) => screen.findByRole('heading', { level: 1, name })
