import type { GroupPfInfoResponse } from '@app/shared/api/group/endpoints'
import type { GroupPfInfo, GroupPfInfoBranchNo } from '@app/shared/api/group/group-pf-info'
import type { RecruitmentPhase } from '@app/shared/documents'
import { groupName, groupResponse, refFreeField } from './fixtures.ts'

// A whole group answer for the entry screens' tests: the shell's fixture carries only what the
// shell reads. Fictional, like the demo groups.

const groupPfInfo: GroupPfInfo = {
  ...groupResponse.groupPfInfo,
  groupPfAutoRenewFlg: '1',
  renewalFixDate: null,
  groupInceptionDate: '20270101',
  groupInceptionTime: '0000',
  groupExpiryDate: '20271231',
  groupExpiryTime: '1600',
  halfwayPymntInceptionDate: '20270201',
  detailManagementDiv1: '01',
  detailManagementDiv2: '00',
  recruitDiv: '1',
  sectionCd: '1101',
  sectionName: '東京法人営業部 第一課',
  agentCd: 'AG00001',
  agentName: 'さくら保険サービス株式会社',
  groupCd: 'SKR001',
  groupNameKana: 'サクラショウジ ダンタイソウゴウホケン',
  groupNameKanji: groupName,
  atOnceRecruitStartDate: '20261110',
  atOnceRecruitEndDate: '20261210',
  halfwayRecruitStartDate: '20270101',
  halfwayRecruitEndDate: '20270930',
  unitInfoArray: [
    {
      unitNo: 1,
      unitTypeCd: 'A1',
      coverageName: '団体総合保険 Aプラン',
      displayName: 'Aプラン',
      coverageTypeFlg: '1',
      relatedUnitNo: [],
      conflictUnitNo: [],
      groupCd: 'SKR001',
      unitPremium: 1200,
      premiumBasis: 'perInsured',
    },
  ],
  logoImage: null,
  topImage: null,
  premiumSampleArray: [],
  announcementArray: [],
  otherAnnouncementHtml: null,
  featureArray: [],
  accidentCaseArray: [],
  coverageOutlineArray: [
    { category: '傷害', itemArray: [{ label: '入院', content: '入院1日につき5,000円' }] },
    { category: '疾病', itemArray: [{ label: '疾病入院', content: '入院1日につき3,000円' }] },
    { category: '賠償責任', itemArray: [{ label: '個人賠償責任', content: '1事故1億円限度' }] },
    { category: '携行品', itemArray: [{ label: '携行品損害', content: '年間30万円限度' }] },
    { category: '各種サービス', itemArray: [{ label: '健康相談', content: '24時間受付' }] },
  ],
  faqArray: [],
  applicationGuideArray: [
    { title: 'ご案内を確認する', description: 'パンフレットをご確認ください。' },
    { title: '本人確認をする', description: '初回登録IDとパスワードを入力してください。' },
    { title: 'メールアドレスを登録する', description: 'メールのリンクから続けてください。' },
    { title: '加入内容を入力する', description: 'プランを選んでください。' },
    { title: '保険料を支払う', description: 'クレジットカードでお支払いください。' },
  ],
  referenceInfoArray: ['', '', '', ''],
  requiredDocsArray: [
    { name: '会員証の写し', description: '会員番号の面を撮影してください。', formatFileId: null },
    {
      name: '続柄を確認できる書類',
      description: '家族型の場合にご提出ください。',
      formatFileId: null,
    },
    { name: '本人確認書類', description: 'この団体では不要です。', formatFileId: null },
  ],
  requiredDocsType1: '2',
  requiredDocsType2: '3',
  requiredDocsType3: '1',
  accidentAcceptanceInfo: '事故受付センター 0120-000-102\n24時間365日受付',
  certificateComment: '',
  renewalFlg: '2',
  policyHolderPageUseDiv: '1',
  systemRevisionNotice: null,
  payeeAccntDisplayDiv: '2',
  payeeAccntInfo: null,
  pymntCount: 12,
  closingDay: null,
  shopId: 'tshop00000001',
  consignorCd: '',
  consignorName: '',
  additionalCost: 0,
}

const groupPfInfoBranchNo: GroupPfInfoBranchNo = {
  ...groupResponse.groupPfInfoBranchNo,
  sectionName: '東京法人営業部 第一課',
  sectionCd: '1101',
  agentName: 'さくら保険サービス株式会社',
  agentCd: 'AG00001',
  agentMail: 'hoken@example.jp',
  landingPageUrl: null,
  contactRef: 'さくら保険サービス株式会社 0120-000-000（平日 9:00〜17:00）',
  accidentRef: '事故受付センター 0120-000-102',
  agentRefTitle: '取扱代理店',
  agentRefOtherInfo: '',
  sectionRefTitle: '引受保険会社',
  sectionRefOtherInfo: '',
  refFreeField,
}

/** The group answer (SPEC §7.1) with a whole record, in the given recruitment phase. */
export function entryGroupResponse(
  recruitmentPhase: RecruitmentPhase = 'atOnce',
): GroupPfInfoResponse {
  return { groupPfInfo, groupPfInfoBranchNo, recruitmentPhase, businessDate: '20261120' }
}
