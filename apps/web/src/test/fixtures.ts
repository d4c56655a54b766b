import type { GroupPfInfoResponse } from '@app/shared/api/group/endpoints'
import type { GroupPfInfo, GroupPfInfoBranchNo } from '@app/shared/api/group/group-pf-info'

export const link = {
  groupPfCode: 'G001',
  groupPfCodeInceptionDateYm: '202604',
  groupPfBranchNo: '00001',
  urlKey: 'abcDEF1234',
} as const

export const entBase = `/app/ent/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`
export const mypBase = `/app/myp/${link.groupPfCode}/${link.urlKey}`

export const groupName = 'さくら商事 団体総合保険'
export const refFreeField = 'さくら保険サービス株式会社\n電話 0120-000-000（平日 9:00〜17:00）'

// The web app reads only these fields of the group so far; the rest of the record is not
// needed by the shell, so the fixture is cast rather than filled with unrelated values.
export const groupResponse: GroupPfInfoResponse = {
  groupPfInfo: {
    groupPfCode: link.groupPfCode,
    groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
    groupNameKanji: groupName,
    themeColor: '#197a4b',
    authenticationType: '1',
    pymntMethod: '1',
    pymntCount: 12,
    closingDay: 20,
  } as GroupPfInfo,
  groupPfInfoBranchNo: {
    groupPfBranchNo: link.groupPfBranchNo,
    refFreeField,
  } as GroupPfInfoBranchNo,
  recruitmentPhase: 'atOnce',
  businessDate: '20261120',
}
