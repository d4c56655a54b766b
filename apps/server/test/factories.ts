import type { GroupDocument } from '../src/modules/group/group-document.ts'

// Test data for server suites: one small, valid group document, varied per test.

export const testLogoSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>',
)

export function groupDocument(
  overrides: {
    groupPfCode?: string
    groupPfCodeInceptionDateYm?: string
    groupInceptionDate?: string
    groupPfBranchNo?: string
    urlKey?: string | undefined
    refFreeField?: string
  } = {},
): GroupDocument {
  const groupPfCode = overrides.groupPfCode ?? 'T000001'
  const groupInceptionDate = overrides.groupInceptionDate ?? '20261201'
  const groupPfBranchNo = overrides.groupPfBranchNo ?? '00001'
  const urlKey = 'urlKey' in overrides ? overrides.urlKey : 'Test0Key01'
  return {
    formatVersion: 1,
    groupPfInfo: {
      groupPfCode,
      groupPfCodeInceptionDateYm:
        overrides.groupPfCodeInceptionDateYm ?? groupInceptionDate.slice(0, 6),
      groupPfAutoRenewFlg: '1',
      renewalFixDate: '20271101',
      groupInceptionDate,
      groupInceptionTime: '0000',
      groupExpiryDate: '20271130',
      groupExpiryTime: '1600',
      halfwayPymntInceptionDate: null,
      detailManagementDiv1: '01',
      detailManagementDiv2: '',
      authenticationType: '1',
      recruitDiv: '1',
      sectionCd: 'S01',
      sectionName: '営業第一課',
      agentCd: 'A001',
      agentName: 'テスト保険代理店',
      groupCd: 'GC01',
      groupNameKana: 'テストダンタイ',
      groupNameKanji: 'テスト団体',
      atOnceRecruitStartDate: '20261101',
      atOnceRecruitEndDate: '20261130',
      halfwayRecruitStartDate: null,
      halfwayRecruitEndDate: null,
      unitInfoArray: [
        {
          unitNo: 1,
          unitTypeCd: 'P1',
          coverageName: '基本プラン',
          displayName: 'Aプラン',
          coverageTypeFlg: '1',
          relatedUnitNo: [],
          conflictUnitNo: [],
          groupCd: 'GC01',
          unitPremium: 1200,
          premiumBasis: 'perInsured',
        },
        {
          unitNo: 2,
          unitTypeCd: 'O1',
          coverageName: '賠償責任特約',
          displayName: '個人賠償責任特約',
          coverageTypeFlg: '2',
          relatedUnitNo: [1],
          conflictUnitNo: [],
          groupCd: 'GC01',
          unitPremium: 150,
          premiumBasis: 'perInsured',
        },
      ],
      themeColor: '#1A4D8F',
      logoImage: { file: 'logo.svg', alt: 'テスト団体のロゴ' },
      topImage: null,
      premiumSampleArray: [
        { label: '本人のみ', description: '', premium: 1200, premiumUnit: '月払' },
      ],
      announcementArray: [],
      otherAnnouncementHtml: null,
      featureArray: [
        { title: '特長1', description: '説明1' },
        { title: '特長2', description: '説明2' },
        { title: '特長3', description: '説明3' },
      ],
      accidentCaseArray: [
        { title: '事例1', description: '説明1', paidAmount: 10000 },
        { title: '事例2', description: '説明2', paidAmount: null },
        { title: '事例3', description: '説明3', paidAmount: 5000 },
      ],
      coverageOutlineArray: ['傷害', '疾病', '賠償責任', '携行品', 'サービス'].map((category) => ({
        category,
        itemArray: [{ label: '保険金額', content: '100万円' }],
      })),
      faqArray: [{ question: '質問', answer: '回答' }],
      applicationGuideArray: [1, 2, 3, 4, 5].map((step) => ({
        title: `手順${step}`,
        description: '説明',
      })),
      referenceInfoArray: ['【タイトル】お問い合わせ', '', '', ''],
      requiredDocsArray: [1, 2, 3].map((slot) => ({
        name: `書類${slot}`,
        description: '',
        formatFileId: null,
      })),
      requiredDocsType1: '2',
      requiredDocsType2: '3',
      requiredDocsType3: '1',
      accidentAcceptanceInfo: '事故受付',
      certificateComment: '',
      renewalFlg: '2',
      policyHolderPageUseDiv: '1',
      systemRevisionNotice: null,
      pymntMethod: '1',
      payeeAccntDisplayDiv: '2',
      payeeAccntInfo: null,
      pymntCount: 12,
      closingDay: 20,
      shopId: 'SHOP01',
      consignorCd: 'C01',
      consignorName: 'テスト委託者',
      additionalCost: 0,
    },
    groupPfInfoBranchNoArray: [
      {
        groupPfBranchNo,
        sectionName: '営業第一課',
        sectionCd: 'S01',
        agentName: 'テスト保険代理店',
        agentCd: 'A001',
        agentMail: 'agent@example.jp',
        landingPageUrl: null,
        contactRef: '03-0000-0000',
        accidentRef: '0120-000-000',
        agentRefTitle: '取扱代理店',
        agentRefOtherInfo: '',
        sectionRefTitle: '担当課',
        sectionRefOtherInfo: '',
        refFreeField:
          overrides.refFreeField ?? 'テスト保険代理店\n電話 03-0000-0000（平日 9:00〜17:00）',
      },
    ],
    itemDefinitionArray: [
      {
        itemCode: 'employeeNo',
        itemName: '従業員番号',
        supportText: '',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        relatedUnitNo: [],
        displayOrder: 20,
        applicationDispDisplayFlg: '1',
        preRenewCopyFlg: '1',
        authItemCd: null,
        ruleArray: ['required', 'onlyNumberAndAllAlphabet'],
        choiceArray: [],
        blockingAnswerArray: [],
      },
      {
        itemCode: 'hospitalised',
        itemName: '現在入院中ですか',
        supportText: '',
        inputType: 'radio',
        itemClass: '030',
        category: '020',
        relatedUnitNo: [1],
        displayOrder: 10,
        applicationDispDisplayFlg: '1',
        preRenewCopyFlg: '2',
        authItemCd: null,
        ruleArray: ['required'],
        choiceArray: [
          { code: '1', label: 'はい' },
          { code: '2', label: 'いいえ' },
        ],
        blockingAnswerArray: ['1'],
      },
    ],
    linkArray: [urlKey === undefined ? { groupPfBranchNo } : { groupPfBranchNo, urlKey }],
  }
}

export const readTestImage = (file: string) => (file === 'logo.svg' ? testLogoSvg : undefined)
