import {
  addDays,
  addMonths,
  formatJapaneseDate,
  isValidYyyymmdd,
  type GroupPfInfoBranchNo,
  type ItemDefinition,
  type UnitInfo,
} from '@app/shared'
import type { GroupDocument } from '../modules/group/group-document.ts'
import { renderLogoSvg, renderTopSvg, type DemoArtwork } from './demo-images.ts'

// The demo data loaded into an empty database (PRODUCT.md "Shape": `npm start` shows a working
// product). Every window is computed from `today`, so the demo keeps working on any date:
//   A さくら電機     — inside its all-at-once window (card payment, first-entry ID)
//   B みどり市互助会 — inside its mid-term window (virtual account, three-item authentication)
//   C ソフトウェア協会 — outside both windows (group collection, renewal fix date set)
//   D ソフトウェア協会 新入会員 — inside its all-at-once window (group collection: every payment
//     method can be tried in an open window, issue #23)
// All names, numbers, addresses and URLs are fictional (0120-000-xxx, example.jp).

/** A demo link as the README and the start-up log show it. */
export interface DemoLink {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  /** groupNameKanji */
  name: string
}

type GroupPfInfoDocument = GroupDocument['groupPfInfo']

interface DemoGroup {
  code: string
  artwork: DemoArtwork
  build(today: string): GroupDocument
}

const INSURER_NAME = 'デモ損害保険株式会社'
const INSURER_URL = 'https://www.example.jp/demo-sonpo/'

// ---------------------------------------------------------------------------------------------
// Date helpers (YYYYMMDD / YYYYMM strings, Asia/Tokyo business dates)

const ym = (yyyymmdd: string): string => yyyymmdd.slice(0, 6)
const firstDay = (yyyymm: string): string => `${yyyymm}01`
const lastDay = (yyyymm: string): string => addDays(firstDay(addMonths(yyyymm, 1)), -1)

// ---------------------------------------------------------------------------------------------
// Builders with the defaults most entries share

type UnitFields = Omit<UnitInfo, 'relatedUnitNo' | 'conflictUnitNo' | 'premiumBasis'> &
  Partial<Pick<UnitInfo, 'relatedUnitNo' | 'conflictUnitNo' | 'premiumBasis'>>

/** A unit; its premium per insured person unless it says otherwise (夫婦型, 家族型: perUnit). */
function unit(fields: UnitFields): UnitInfo {
  return { relatedUnitNo: [], conflictUnitNo: [], premiumBasis: 'perInsured', ...fields }
}

type ItemFields = Pick<
  ItemDefinition,
  'itemCode' | 'itemName' | 'inputType' | 'itemClass' | 'category' | 'displayOrder'
> &
  Partial<ItemDefinition>

function item(fields: ItemFields): ItemDefinition {
  return {
    supportText: '',
    relatedUnitNo: [],
    applicationDispDisplayFlg: '1',
    preRenewCopyFlg: '2',
    authItemCd: null,
    ruleArray: [],
    choiceArray: [],
    blockingAnswerArray: [],
    ...fields,
  }
}

const yesNoChoices = [
  { code: '1', label: 'はい' },
  { code: '2', label: 'いいえ' },
]

/** 告知事項: はい／いいえで答え、「はい」はお申し込みを止める（SPEC §8.4）。 */
function noticeItem(
  fields: Pick<ItemDefinition, 'itemCode' | 'itemName' | 'displayOrder'> & Partial<ItemDefinition>,
): ItemDefinition {
  return item({
    inputType: 'radio',
    itemClass: '030',
    category: '020',
    ruleArray: ['required'],
    choiceArray: yesNoChoices,
    blockingAnswerArray: ['1'],
    ...fields,
  })
}

const relationshipChoices = [
  { code: '01', label: '本人' },
  { code: '02', label: '配偶者' },
  { code: '03', label: '子' },
  { code: '04', label: '父母' },
  { code: '05', label: 'その他の親族' },
]

const occupationChoices = [
  { code: '01', label: '会社員・公務員（事務職）' },
  { code: '02', label: '会社員・公務員（営業・販売職）' },
  { code: '03', label: '会社員・公務員（技術・研究職）' },
  { code: '04', label: '製造・建設などの現場作業' },
  { code: '05', label: '自動車などの運転業務' },
  { code: '06', label: '学生' },
  { code: '07', label: '家事従事者・無職' },
  { code: '08', label: 'その他' },
]

function relationshipItem(itemCode: string, displayOrder: number): ItemDefinition {
  return item({
    itemCode,
    itemName: '続柄',
    supportText: 'ご加入者（本人）から見た続柄を選んでください。',
    inputType: 'radio',
    itemClass: '010',
    category: '020',
    displayOrder,
    preRenewCopyFlg: '1',
    ruleArray: ['required'],
    choiceArray: relationshipChoices,
  })
}

function occupationItem(itemCode: string, displayOrder: number): ItemDefinition {
  return item({
    itemCode,
    itemName: '職業',
    supportText: '補償の対象となる方の職業に最も近いものを選んでください。',
    inputType: 'select',
    itemClass: '010',
    category: '020',
    displayOrder,
    preRenewCopyFlg: '1',
    ruleArray: ['required'],
    choiceArray: occupationChoices,
  })
}

function imageFiles(code: string): { logo: string; top: string } {
  const lower = code.toLowerCase()
  return { logo: `demo/${lower}-logo.svg`, top: `demo/${lower}-top.svg` }
}

function referenceBlock(lines: [label: string, content: string][]): string {
  return lines.map(([label, content]) => `【${label}】${content}`).join('\n')
}

// ---------------------------------------------------------------------------------------------
// Group A: さくら電機株式会社 従業員団体保険 (inside the all-at-once window)

const groupA: DemoGroup = {
  code: 'G100001',
  artwork: {
    color: '#A8284F',
    motif: 'sakura',
    title: 'さくら電機株式会社',
    subtitle: '従業員団体保険',
  },
  build(today) {
    const atOnceRecruitStartDate = addDays(today, -10)
    const atOnceRecruitEndDate = addDays(today, 20)
    const inceptionYm = addMonths(ym(atOnceRecruitEndDate), 1)
    const groupInceptionDate = firstDay(inceptionYm)
    const groupExpiryDate = addDays(firstDay(addMonths(inceptionYm, 12)), -1)
    const halfwayRecruitStartDate = groupInceptionDate
    const halfwayRecruitEndDate = lastDay(addMonths(inceptionYm, 8))
    const halfwayPymntInceptionDate = firstDay(addMonths(inceptionYm, 1))
    const renewalFixDate = addDays(groupExpiryDate, -60)
    const agentName = '株式会社さくらビジネスサービス'
    const agentMail = 'hoken-sakura@example.jp'
    const files = imageFiles(this.code)
    const name = `${this.artwork.title} ${this.artwork.subtitle}`

    const groupPfInfo: GroupPfInfoDocument = {
      groupPfCode: this.code,
      groupPfCodeInceptionDateYm: inceptionYm,
      groupPfAutoRenewFlg: '1',
      renewalFixDate,
      groupInceptionDate,
      groupInceptionTime: '0000',
      groupExpiryDate,
      groupExpiryTime: '1600',
      halfwayPymntInceptionDate,
      detailManagementDiv1: '01',
      detailManagementDiv2: '00',
      authenticationType: '1',
      recruitDiv: '1',
      sectionCd: '1101',
      sectionName: '東京法人営業部 第一課',
      agentCd: 'AG10001',
      agentName,
      groupCd: 'SKR100',
      groupNameKana: 'サクラデンキカブシキガイシャ ジュウギョウインダンタイホケン',
      groupNameKanji: name,
      atOnceRecruitStartDate,
      atOnceRecruitEndDate,
      halfwayRecruitStartDate,
      halfwayRecruitEndDate,
      unitInfoArray: [
        unit({
          unitNo: 1,
          unitTypeCd: 'A1',
          coverageName: '団体総合生活補償保険 Aプラン（本人型）',
          displayName: 'Aプラン（本人のみ）',
          coverageTypeFlg: '1',
          groupCd: 'SKR100',
          unitPremium: 1230,
        }),
        unit({
          unitNo: 2,
          unitTypeCd: 'B1',
          coverageName: '団体総合生活補償保険 Bプラン（夫婦型）',
          displayName: 'Bプラン（夫婦型）',
          coverageTypeFlg: '1',
          groupCd: 'SKR100',
          unitPremium: 2180,
          premiumBasis: 'perUnit',
        }),
        unit({
          unitNo: 3,
          unitTypeCd: 'C1',
          coverageName: '団体総合生活補償保険 Cプラン（家族型）',
          displayName: 'Cプラン（家族型）',
          coverageTypeFlg: '1',
          groupCd: 'SKR100',
          unitPremium: 2860,
          premiumBasis: 'perUnit',
        }),
        unit({
          unitNo: 4,
          unitTypeCd: 'LB',
          coverageName: '個人賠償責任補償特約',
          displayName: '個人賠償責任特約',
          coverageTypeFlg: '2',
          relatedUnitNo: [1, 2, 3],
          groupCd: 'SKR100',
          unitPremium: 150,
          premiumBasis: 'perUnit',
        }),
        unit({
          unitNo: 5,
          unitTypeCd: 'PE',
          coverageName: '携行品損害補償特約',
          displayName: '携行品損害特約',
          coverageTypeFlg: '2',
          relatedUnitNo: [1, 2, 3],
          groupCd: 'SKR100',
          unitPremium: 320,
        }),
        unit({
          unitNo: 6,
          unitTypeCd: 'HS05',
          coverageName: '疾病入院一時金補償特約（5万円型）',
          displayName: '入院一時金特約（5万円型）',
          coverageTypeFlg: '2',
          relatedUnitNo: [1, 2, 3],
          conflictUnitNo: [7],
          groupCd: 'SKR100',
          unitPremium: 410,
        }),
        unit({
          unitNo: 7,
          unitTypeCd: 'HS10',
          coverageName: '疾病入院一時金補償特約（10万円型）',
          displayName: '入院一時金特約（10万円型）',
          coverageTypeFlg: '2',
          relatedUnitNo: [1, 2, 3],
          conflictUnitNo: [6],
          groupCd: 'SKR100',
          unitPremium: 780,
        }),
      ],
      themeColor: this.artwork.color,
      logoImage: { file: files.logo, alt: name },
      topImage: {
        file: files.top,
        alt: `桜の花をあしらった、${name}のイメージ画像`,
      },
      premiumSampleArray: [
        {
          label: 'おひとりで加入する場合',
          description: 'Aプラン（本人のみ）に加入した場合の、月々の保険料です。',
          premium: 1230,
          premiumUnit: '月払',
        },
        {
          label: 'ご夫婦で加入する場合',
          description: 'Bプラン（夫婦型）に加入した場合の、月々の保険料です。',
          premium: 2180,
          premiumUnit: '月払',
        },
        {
          label: 'ご家族みなさまで加入する場合',
          description: 'Cプラン（家族型）に個人賠償責任特約を付けた場合の、月々の保険料です。',
          premium: 3010,
          premiumUnit: '月払',
        },
        {
          label: '入院への備えを手厚くする場合',
          description:
            'Aプラン（本人のみ）に入院一時金特約（10万円型）を付けた場合の、月々の保険料です。',
          premium: 2010,
          premiumUnit: '月払',
        },
      ],
      announcementArray: [
        {
          date: atOnceRecruitStartDate,
          title: '一斉加入の受付を開始しました',
          bodyHtml: [
            `<p>従業員団体保険の一斉加入の受付を開始しました。受付期間は<strong>${formatJapaneseDate(atOnceRecruitStartDate)}から${formatJapaneseDate(atOnceRecruitEndDate)}まで</strong>です。</p>`,
            `<p>補償は${formatJapaneseDate(groupInceptionDate)}午前0時から始まります。期間内にお手続きをお願いいたします。</p>`,
          ].join(''),
        },
        {
          date: addDays(atOnceRecruitStartDate, -7),
          title: 'パンフレットと重要事項説明書を掲載しました',
          bodyHtml:
            '<p>今年度の補償内容と保険料は、<a href="https://www.example.jp/sakura-denki/pamphlet">パンフレット</a>と<a href="https://www.example.jp/sakura-denki/important">重要事項説明書</a>でご確認いただけます。</p><p>お申し込みの前に、必ずご一読ください。</p>',
        },
      ],
      otherAnnouncementHtml:
        '<p>お申し込みの前に、<strong>「契約概要」と「注意喚起情報」</strong>を必ずお読みください。</p><p>ご不明な点は、取扱代理店の株式会社さくらビジネスサービスまでお問い合わせください。</p>',
      featureArray: [
        {
          title: '団体契約ならではの割安な保険料',
          description:
            'さくら電機グループの従業員の皆さまのための団体契約です。個人でご加入いただくよりも、割安な保険料で同じ補償をご用意しています。',
        },
        {
          title: 'お手続きもお支払いもWebで完結',
          description:
            'お申し込みから保険料のお支払いまで、パソコンやスマートフォンでいつでもお手続きいただけます。保険料は毎月クレジットカードでお支払いいただきます。',
        },
        {
          title: 'ご家族もまとめて補償',
          description:
            '配偶者やお子さまなど、ご家族もまとめて補償の対象にできます。暮らし方に合わせて、3つのプランからお選びください。',
        },
      ],
      accidentCaseArray: [
        {
          title: '休日のサイクリング中に転倒し、手首を骨折',
          description:
            '休日にサイクリングをしていたところ、段差で転倒して右手首を骨折しました。10日間入院し、退院後に20日間通院しました。',
          paidAmount: 110000,
        },
        {
          title: 'お子さまの自転車が歩行者と接触',
          description:
            'お子さまが自転車で走行中に歩行者と接触し、相手の方にけがをさせてしまいました。治療費や慰謝料などの損害賠償金をお支払いしました。',
          paidAmount: 1850000,
        },
        {
          title: '旅行先でカメラを落として破損',
          description:
            '家族旅行の最中に、持ち歩いていたデジタルカメラを誤って落とし、修理できないほど壊れてしまいました。',
          paidAmount: 52000,
        },
      ],
      coverageOutlineArray: [
        {
          category: '傷害',
          itemArray: [
            {
              label: '死亡・後遺障害',
              content:
                '事故の日からその日を含めて180日以内に亡くなられた場合、または後遺障害が生じた場合にお支払いします。保険金額は500万円です（後遺障害は程度に応じて4％〜100％）。',
            },
            {
              label: '入院',
              content:
                '入院1日につき5,000円をお支払いします（事故の日から180日以内の入院が対象です）。',
            },
            {
              label: '通院',
              content: '通院1日につき3,000円をお支払いします（90日分が限度です）。',
            },
          ],
        },
        {
          category: '疾病',
          itemArray: [
            {
              label: '疾病入院',
              content: '入院1日につき5,000円をお支払いします（1回の入院につき60日分が限度です）。',
            },
            {
              label: '疾病手術',
              content: '入院中の手術は入院日額の10倍、外来での手術は5倍の額をお支払いします。',
            },
            {
              label: '入院一時金（特約）',
              content:
                '病気で入院されたときに、5万円型または10万円型の一時金をお支払いします。5万円型と10万円型は、どちらか一方のみお選びいただけます。',
            },
          ],
        },
        {
          category: '賠償責任',
          itemArray: [
            {
              label: '個人賠償責任（特約）',
              content:
                '日常生活の事故で他人にけがをさせたり、他人の物を壊したりして法律上の損害賠償責任を負った場合に、1事故につき1億円を限度にお支払いします。',
            },
            {
              label: '示談交渉サービス',
              content: '日本国内で起きた事故については、保険会社が示談交渉をお引き受けします。',
            },
          ],
        },
        {
          category: '携行品',
          itemArray: [
            {
              label: '携行品損害（特約）',
              content:
                '外出先に持ち出した身の回り品が、偶然な事故で壊れたり盗まれたりした場合に、1年間で30万円を限度にお支払いします（自己負担額は1事故3,000円です）。',
            },
            {
              label: '補償の対象外となる主なもの',
              content:
                '現金、クレジットカード、眼鏡、コンタクトレンズ、携帯電話・スマートフォンなどは補償の対象外です。',
            },
          ],
        },
        {
          category: '各種サービス',
          itemArray: [
            {
              label: '健康・医療相談',
              content: '24時間365日、医師や看護師などの専門スタッフに電話でご相談いただけます。',
            },
            {
              label: '介護相談',
              content:
                '介護に関するお悩みに、ケアマネジャーなどの専門スタッフがお答えします（平日9:00〜17:00）。',
            },
          ],
        },
      ],
      faqArray: [
        {
          question: '加入できるのはどのような人ですか。',
          answer:
            'さくら電機株式会社およびグループ会社に在籍している従業員の方がご加入いただけます。配偶者やお子さまなどのご家族は、Bプラン・Cプランで補償の対象に含めることができます。',
        },
        {
          question: '初回登録IDとパスワードがわかりません。',
          answer:
            '初回登録IDとパスワードは、人事部からお配りした「団体保険のご案内」に記載しています。見当たらない場合は、取扱代理店までお問い合わせください。',
        },
        {
          question: '補償はいつから始まりますか。',
          answer: `一斉加入でお申し込みいただいた場合は、${formatJapaneseDate(groupInceptionDate)}午前0時から補償が始まります。`,
        },
        {
          question: '入院一時金特約の5万円型と10万円型を両方付けることはできますか。',
          answer: '両方を同時に付けることはできません。どちらか一方をお選びください。',
        },
        {
          question: '利用できるクレジットカードを教えてください。',
          answer:
            'ご本人名義のVisa、Mastercard、JCB、American Express、Diners Clubのカードがご利用いただけます。デビットカードやプリペイドカードは、ご利用いただけない場合があります。',
        },
        {
          question: '加入した内容を確認したいときはどうすればよいですか。',
          answer:
            'お申し込み完了時にお知らせするマイページIDでマイページにログインすると、加入内容や加入者証をいつでもご確認いただけます。',
        },
      ],
      applicationGuideArray: [
        {
          title: 'ご案内を確認する',
          description: 'パンフレットと重要事項説明書で、補償内容とプランをご確認ください。',
        },
        {
          title: '初回登録IDで本人確認をする',
          description: '人事部からお配りした初回登録IDとパスワードを入力してください。',
        },
        {
          title: 'メールアドレスを登録する',
          description:
            'メールアドレスとマイページのパスワードを登録してください。届いたメールのリンクから、1時間以内にお手続きを続けてください。',
        },
        {
          title: '加入内容を入力する',
          description: 'プランと特約を選び、補償の対象となる方の情報と告知事項を入力してください。',
        },
        {
          title: '保険料を支払う',
          description:
            'クレジットカードの情報を入力すると、お申し込みは完了です。完了画面に表示されるマイページIDを控えておいてください。',
        },
      ],
      referenceInfoArray: [
        referenceBlock([
          ['タイトル', 'お問い合わせ先'],
          ['内容タイトル', '取扱代理店'],
          ['内容', `${agentName} 保険サービス課`],
          ['電話番号', '0120-000-101'],
          ['注記', '受付時間：平日 9:00〜17:30（土日祝日・年末年始を除く）'],
          ['メール', agentMail],
        ]),
        referenceBlock([
          ['タイトル', '事故のご連絡'],
          ['内容タイトル', '事故受付センター（24時間365日受付）'],
          ['電話番号', '0120-000-102'],
          ['内容', '事故が起きたときは、できるだけ早くご連絡ください。'],
          ['注記', 'お電話の際は、団体名と加入者証番号をお伝えください。'],
        ]),
        referenceBlock([
          ['タイトル', '引受保険会社'],
          ['内容タイトル', INSURER_NAME],
          ['内容', '東京法人営業部 第一課'],
          ['電話番号', '03-0000-1101'],
          ['URL', INSURER_URL],
        ]),
        referenceBlock([
          ['タイトル', '重要事項のご案内'],
          ['内容タイトル', '契約概要・注意喚起情報'],
          [
            '内容',
            'お申し込みの前に、補償内容や保険金をお支払いできない主な場合をご確認ください。',
          ],
          ['URL', 'https://www.example.jp/sakura-denki/important'],
          ['注記', 'PDFファイルでご覧いただけます。'],
        ]),
      ],
      requiredDocsArray: [
        {
          name: '医師の診断書',
          description: '告知事項の内容について確認が必要な場合にご提出ください。提出は任意です。',
          formatFileId: null,
        },
        { name: '本人確認書類', description: 'この団体では提出は不要です。', formatFileId: null },
        {
          name: '続柄を確認できる書類',
          description: 'この団体では提出は不要です。',
          formatFileId: null,
        },
      ],
      requiredDocsType1: '3',
      requiredDocsType2: '1',
      requiredDocsType3: '1',
      accidentAcceptanceInfo:
        '事故が起きたときは、事故受付センター（0120-000-102、24時間365日受付）までご連絡ください。おけがの場合は、受診した医療機関の名称と通院した日をお控えください。',
      certificateComment:
        'この加入者証は大切に保管してください。ご加入内容（プラン・特約・被保険者）の変更は、取扱代理店までお問い合わせください。メールアドレスとパスワードは、マイページで変更できます。',
      renewalFlg: '2',
      policyHolderPageUseDiv: '1',
      systemRevisionNotice: null,
      pymntMethod: '1',
      payeeAccntDisplayDiv: '2',
      payeeAccntInfo: null,
      pymntCount: 12,
      closingDay: null,
      shopId: 'tshop00010001',
      consignorCd: '',
      consignorName: '',
      additionalCost: 0,
    }

    const branch: GroupPfInfoBranchNo = {
      groupPfBranchNo: '00001',
      sectionName: '東京法人営業部 第一課',
      sectionCd: '1101',
      agentName,
      agentCd: 'AG10001',
      agentMail,
      landingPageUrl: 'https://www.example.jp/sakura-denki/hoken',
      contactRef: `${agentName} 保険サービス課 0120-000-101（平日 9:00〜17:30）`,
      accidentRef: '事故受付センター 0120-000-102（24時間365日受付）',
      agentRefTitle: '取扱代理店',
      agentRefOtherInfo: 'さくら電機グループの保険サービス部門が、ご加入の窓口を担当しています。',
      sectionRefTitle: '引受保険会社',
      sectionRefOtherInfo: `${INSURER_NAME} 東京法人営業部 第一課 03-0000-1101`,
      refFreeField: [
        `代理店名：${agentName} 保険サービス課`,
        '電話：0120-000-101',
        '受付時間：平日 9:00〜17:30（土日祝日・年末年始を除く）',
        `メール：${agentMail}`,
      ].join('\n'),
    }

    const itemDefinitionArray: ItemDefinition[] = [
      item({
        itemCode: 'SKR_DEPARTMENT',
        itemName: '所属部署',
        supportText: '例：設計部 第二課',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        displayOrder: 10,
        preRenewCopyFlg: '1',
        ruleArray: ['required', 'gaiji'],
      }),
      item({
        itemCode: 'SKR_EMPLOYEE_NO',
        itemName: '従業員番号',
        supportText: '社員証に記載の8桁の番号を、半角数字で入力してください。',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        displayOrder: 20,
        preRenewCopyFlg: '1',
        ruleArray: ['required', 'onlyNumeric'],
      }),
      item({
        itemCode: 'SKR_JOINED_DATE',
        itemName: '入社年月日',
        supportText: '西暦で、年・月・日を入力してください（例：2015年4月1日）。',
        inputType: 'date',
        itemClass: '010',
        category: '010',
        displayOrder: 30,
        preRenewCopyFlg: '1',
        ruleArray: ['yearMonthDate'],
      }),
      item({
        itemCode: 'SKR_EXTENSION_NO',
        itemName: '内線番号',
        supportText: '日中に連絡のとれる内線番号を、半角数字で入力してください。',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        displayOrder: 40,
        ruleArray: ['onlyNumeric'],
      }),
      item({
        itemCode: 'SKR_EMPLOYMENT_DIV',
        itemName: '社員区分',
        supportText: '人事部の名簿から設定します。',
        inputType: 'select',
        itemClass: '010',
        category: '010',
        displayOrder: 50,
        applicationDispDisplayFlg: '2',
        preRenewCopyFlg: '1',
        choiceArray: [
          { code: '1', label: '正社員' },
          { code: '2', label: '契約社員' },
          { code: '3', label: '嘱託社員' },
        ],
      }),
      item({
        itemCode: 'SKR_REMARKS',
        itemName: 'ご連絡事項',
        supportText: '取扱代理店へのご連絡があれば入力してください。',
        inputType: 'textarea',
        itemClass: '010',
        category: '010',
        displayOrder: 60,
        ruleArray: ['gaiji'],
      }),
      relationshipItem('SKR_RELATIONSHIP', 110),
      occupationItem('SKR_OCCUPATION', 120),
      item({
        itemCode: 'SKR_COHABITATION',
        itemName: '同居・別居の別',
        supportText: 'Cプラン（家族型）では、同居のご親族と別居の未婚のお子さまが補償の対象です。',
        inputType: 'radio',
        itemClass: '010',
        category: '020',
        relatedUnitNo: [3],
        displayOrder: 130,
        preRenewCopyFlg: '1',
        ruleArray: ['required'],
        choiceArray: [
          { code: '1', label: '同居' },
          { code: '2', label: '別居の未婚の子' },
        ],
      }),
      item({
        itemCode: 'SKR_CARRIED_ITEMS',
        itemName: '主に持ち歩く物',
        supportText: '当てはまるものをすべて選んでください（任意）。',
        inputType: 'checkbox',
        itemClass: '010',
        category: '020',
        relatedUnitNo: [5],
        displayOrder: 140,
        choiceArray: [
          { code: '1', label: 'カメラ・ビデオカメラ' },
          { code: '2', label: 'スポーツ・レジャー用品' },
          { code: '3', label: '楽器' },
          { code: '4', label: 'バッグ・衣類' },
          { code: '5', label: 'その他' },
        ],
      }),
      noticeItem({
        itemCode: 'SKR_NOTICE_HOSPITAL',
        itemName:
          '現在、病気やけがで入院していますか。または、医師から入院や手術を勧められていますか。',
        supportText: '「はい」の場合、入院一時金特約にはお申し込みいただけません。',
        relatedUnitNo: [6, 7],
        displayOrder: 210,
      }),
      noticeItem({
        itemCode: 'SKR_NOTICE_PAST_STAY',
        itemName: '過去2年以内に、病気やけがで継続して7日以上入院したことがありますか。',
        supportText: '「はい」の場合も、お申し込みいただけます。',
        displayOrder: 220,
        blockingAnswerArray: [],
      }),
    ]

    return {
      formatVersion: 1,
      groupPfInfo,
      groupPfInfoBranchNoArray: [branch],
      itemDefinitionArray,
      linkArray: [{ groupPfBranchNo: '00001', urlKey: 'Kx7pR2mQ9a' }],
    }
  },
}

// ---------------------------------------------------------------------------------------------
// Group B: みどり市職員互助会 団体総合保険 (inside the mid-term window)

const groupB: DemoGroup = {
  code: 'G200002',
  artwork: {
    color: '#1E6B45',
    motif: 'leaf',
    title: 'みどり市職員互助会',
    subtitle: '団体総合保険',
  },
  build(today) {
    const thisMonth = ym(today)
    const inceptionYm = addMonths(thisMonth, -2)
    const groupInceptionDate = firstDay(inceptionYm)
    const groupExpiryDate = firstDay(addMonths(inceptionYm, 12))
    const atOnceRecruitStartDate = addDays(groupInceptionDate, -45)
    const atOnceRecruitEndDate = addDays(groupInceptionDate, -15)
    // 中途加入は毎月受け付け、その月のお申し込みは翌月1日から補償が始まる。
    const halfwayRecruitStartDate = firstDay(thisMonth)
    const halfwayRecruitEndDate = lastDay(thisMonth)
    const halfwayPymntInceptionDate = firstDay(addMonths(thisMonth, 1))
    const agentName = '株式会社みどり保険サービス'
    const agentMail = 'hoken-midori@example.jp'
    const files = imageFiles(this.code)
    const name = `${this.artwork.title} ${this.artwork.subtitle}`

    const groupPfInfo: GroupPfInfoDocument = {
      groupPfCode: this.code,
      groupPfCodeInceptionDateYm: inceptionYm,
      groupPfAutoRenewFlg: '2',
      renewalFixDate: null,
      groupInceptionDate,
      groupInceptionTime: '1600',
      groupExpiryDate,
      groupExpiryTime: '1600',
      halfwayPymntInceptionDate,
      detailManagementDiv1: '02',
      detailManagementDiv2: '00',
      authenticationType: '2',
      recruitDiv: '2',
      sectionCd: '2202',
      sectionName: '公務開発部 自治体第二課',
      agentCd: 'AG20002',
      agentName,
      groupCd: 'MDR200',
      groupNameKana: 'ミドリシショクインゴジョカイ ダンタイソウゴウホケン',
      groupNameKanji: name,
      atOnceRecruitStartDate,
      atOnceRecruitEndDate,
      halfwayRecruitStartDate,
      halfwayRecruitEndDate,
      unitInfoArray: [
        unit({
          unitNo: 1,
          unitTypeCd: 'B1',
          coverageName: '団体総合保険 基本コース（本人型）',
          displayName: '基本コース（本人型）',
          coverageTypeFlg: '1',
          groupCd: 'MDR200',
          unitPremium: 12600,
        }),
        unit({
          unitNo: 2,
          unitTypeCd: 'F1',
          coverageName: '団体総合保険 充実コース（家族型）',
          displayName: '充実コース（家族型）',
          coverageTypeFlg: '1',
          groupCd: 'MDR200',
          unitPremium: 28800,
          premiumBasis: 'perUnit',
        }),
        unit({
          unitNo: 3,
          unitTypeCd: 'LB',
          coverageName: '個人賠償責任補償特約',
          displayName: '個人賠償責任特約',
          coverageTypeFlg: '2',
          relatedUnitNo: [1, 2],
          groupCd: 'MDR200',
          unitPremium: 1680,
          premiumBasis: 'perUnit',
        }),
        unit({
          unitNo: 4,
          unitTypeCd: 'CA',
          coverageName: 'がん診断保険金補償特約',
          displayName: 'がん診断一時金特約',
          coverageTypeFlg: '2',
          relatedUnitNo: [1, 2],
          groupCd: 'MDR200',
          unitPremium: 6240,
        }),
      ],
      themeColor: this.artwork.color,
      logoImage: { file: files.logo, alt: name },
      topImage: {
        file: files.top,
        alt: `若葉と緑の丘をあしらった、${name}のイメージ画像`,
      },
      premiumSampleArray: [
        {
          label: '職員ご本人のみ加入する場合',
          description: '基本コース（本人型）に加入した場合の、1年間の保険料です。',
          premium: 12600,
          premiumUnit: '年払',
        },
        {
          label: 'ご家族みんなで加入する場合',
          description: '充実コース（家族型）に加入した場合の、1年間の保険料です。',
          premium: 28800,
          premiumUnit: '年払',
        },
        {
          label: '日常の賠償事故にも備える場合',
          description: '基本コース（本人型）に個人賠償責任特約を付けた場合の、1年間の保険料です。',
          premium: 14280,
          premiumUnit: '年払',
        },
      ],
      announcementArray: [
        {
          date: halfwayRecruitStartDate,
          title: '今月の中途加入を受け付けています',
          bodyHtml: [
            `<p>今月の中途加入は、<strong>${formatJapaneseDate(halfwayRecruitEndDate)}まで</strong>受け付けています。</p>`,
            `<p>今月お申し込みいただいた場合、補償は${formatJapaneseDate(halfwayPymntInceptionDate)}から始まります。お申し込みの前に、ご家族の補償が必要かどうかもあわせてご確認ください。</p>`,
          ].join(''),
        },
        {
          date: groupInceptionDate,
          title: 'がん診断一時金特約を新設しました',
          bodyHtml:
            '<p>今年度から、<strong>がん診断一時金特約</strong>を新設しました。初めてがんと診断されたときに、一時金100万円をお支払いします。</p><p>詳しくは<a href="https://www.example.jp/midori-gojokai/cancer">特約のご案内</a>をご覧ください。</p>',
        },
      ],
      otherAnnouncementHtml:
        '<p>互助会を退会される場合や、ご家族の状況が変わった場合は、<strong>互助会事務局</strong>までお知らせください。</p>',
      featureArray: [
        {
          title: '互助会員とご家族のための保険',
          description:
            'みどり市職員互助会の会員と、そのご家族のための団体保険です。団体契約のため、割安な保険料でご加入いただけます。',
        },
        {
          title: '年度の途中からでも加入できます',
          description:
            '中途加入を毎月受け付けています。お申し込みの翌月1日から補償が始まるので、異動や採用の時期を問わずご加入いただけます。',
        },
        {
          title: 'がんへの備えも選べます',
          description:
            'がん診断一時金特約を付けると、初めてがんと診断されたときにまとまった一時金をお受け取りいただけます。',
        },
      ],
      accidentCaseArray: [
        {
          title: '通勤途中に駅の階段で転倒し、足首を骨折',
          description:
            '通勤途中に駅の階段で足を踏み外して転倒し、左足首を骨折しました。14日間入院し、退院後に30日間通院しました。',
          paidAmount: 130000,
        },
        {
          title: '洗濯機の水漏れで、階下の部屋に損害',
          description:
            '自宅の洗濯機のホースが外れて水があふれ、階下の部屋の天井と家財を汚してしまいました。修理費用などの損害賠償金をお支払いしました。',
          paidAmount: 680000,
        },
        {
          title: '健康診断をきっかけに、がんが見つかった',
          description:
            '職場の健康診断で再検査となり、精密検査の結果、初期の胃がんと診断されました。',
          paidAmount: 1000000,
        },
      ],
      coverageOutlineArray: [
        {
          category: '傷害',
          itemArray: [
            {
              label: '死亡・後遺障害',
              content:
                '事故の日からその日を含めて180日以内に亡くなられた場合、または後遺障害が生じた場合にお支払いします。保険金額は基本コース300万円、充実コース500万円です。',
            },
            { label: '入院', content: '入院1日につき5,000円をお支払いします。' },
            {
              label: '通院',
              content: '通院1日につき2,000円をお支払いします（90日分が限度です）。',
            },
          ],
        },
        {
          category: '疾病',
          itemArray: [
            {
              label: '疾病入院',
              content: '入院1日につき5,000円をお支払いします（1回の入院につき120日分が限度です）。',
            },
            {
              label: '疾病手術',
              content: '入院中の手術は入院日額の10倍、外来での手術は5倍の額をお支払いします。',
            },
          ],
        },
        {
          category: 'がん',
          itemArray: [
            {
              label: 'がん診断一時金（特約）',
              content:
                '保険期間中に初めてがんと診断されたときに、100万円をお支払いします。補償の開始日から90日以内に診断されたがんは対象外です。',
            },
          ],
        },
        {
          category: '賠償責任',
          itemArray: [
            {
              label: '個人賠償責任（特約）',
              content:
                '日常生活の事故で他人にけがをさせたり、他人の物を壊したりして法律上の損害賠償責任を負った場合に、1事故につき1億円を限度にお支払いします。',
            },
            {
              label: '示談交渉サービス',
              content: '日本国内で起きた事故については、保険会社が示談交渉をお引き受けします。',
            },
          ],
        },
        {
          category: '各種サービス',
          itemArray: [
            {
              label: '健康・医療相談',
              content: '24時間365日、医師や看護師などの専門スタッフに電話でご相談いただけます。',
            },
            {
              label: '法律相談',
              content:
                '日常生活のトラブルについて、弁護士に電話でご相談いただけます（事前予約制）。',
            },
          ],
        },
      ],
      faqArray: [
        {
          question: '三項目認証とは何ですか。',
          answer:
            '会員番号、生年月日、氏名（カナ）の3つの項目で、互助会の会員ご本人であることを確認する方法です。会員番号は会員証に記載しています。',
        },
        {
          question: '本人確認がうまくいきません。',
          answer:
            '入力された内容が、互助会に登録されている内容と一致していない可能性があります。生年月日は西暦、氏名（カナ）は全角カタカナで入力してください。それでも確認できない場合は、取扱代理店までお問い合わせください。',
        },
        {
          question: '今から申し込むと、補償はいつから始まりますか。',
          answer: `${formatJapaneseDate(halfwayRecruitEndDate)}までにお申し込みいただいた場合、${formatJapaneseDate(halfwayPymntInceptionDate)}から補償が始まります。`,
        },
        {
          question: '保険料はどのように支払いますか。',
          answer:
            'お申し込みの完了後に、お申し込みごとの専用の振込口座をご案内します。振込期日までに、金融機関の窓口、ATMまたはインターネットバンキングからお振り込みください。',
        },
        {
          question: '退職したら補償はどうなりますか。',
          answer:
            '退職後も退職会員として互助会に在籍される場合は、保険期間の満了まで補償が続きます。互助会を退会される場合は、互助会事務局までご連絡ください。',
        },
      ],
      applicationGuideArray: [
        {
          title: 'ご案内を確認する',
          description: 'パンフレットと重要事項説明書で、補償内容とコースをご確認ください。',
        },
        {
          title: '三項目認証で本人確認をする',
          description: '会員番号、生年月日、氏名（カナ）を入力してください。',
        },
        {
          title: 'メールアドレスを登録する',
          description:
            'メールアドレスとマイページのパスワードを登録してください。届いたメールのリンクから、1時間以内にお手続きを続けてください。',
        },
        {
          title: '加入内容を入力する',
          description: 'コースと特約を選び、補償の対象となる方の情報と告知事項を入力してください。',
        },
        {
          title: '保険料を振り込む',
          description:
            '完了画面とメールでご案内する専用の振込口座に、振込期日までに保険料をお振り込みください。',
        },
      ],
      referenceInfoArray: [
        referenceBlock([
          ['タイトル', 'お問い合わせ先'],
          ['内容タイトル', '取扱代理店'],
          ['内容', `${agentName} 市役所窓口`],
          ['電話番号', '0120-000-201'],
          ['注記', '受付時間：平日 8:30〜17:15（土日祝日・年末年始を除く）'],
          ['メール', agentMail],
        ]),
        referenceBlock([
          ['タイトル', '事故のご連絡'],
          ['内容タイトル', '事故受付センター（24時間365日受付）'],
          ['電話番号', '0120-000-202'],
          ['内容', '事故が起きたときは、できるだけ早くご連絡ください。'],
          ['注記', 'ご連絡が遅れると、保険金のお支払いが遅れる場合があります。'],
        ]),
        referenceBlock([
          ['タイトル', '互助会のお問い合わせ'],
          ['内容タイトル', 'みどり市職員互助会 事務局'],
          ['内容', '会員資格、退会、ご家族の異動に関するお問い合わせ'],
          ['電話番号', '03-0000-2201'],
          ['メール', 'jimukyoku-midori@example.jp'],
        ]),
        referenceBlock([
          ['タイトル', '引受保険会社'],
          ['内容タイトル', INSURER_NAME],
          ['内容', '公務開発部 自治体第二課'],
          ['電話番号', '03-0000-2202'],
          ['URL', INSURER_URL],
        ]),
      ],
      requiredDocsArray: [
        {
          name: '会員証の写し',
          description:
            '会員番号が記載された面を撮影した画像、またはPDFをアップロードしてください。',
          formatFileId: null,
        },
        {
          name: '続柄を確認できる書類',
          description:
            '充実コース（家族型）でご家族を補償の対象にする場合に、住民票の写しなど続柄が確認できる書類をご提出ください（任意）。',
          formatFileId: null,
        },
        { name: 'その他の書類', description: 'この団体では提出は不要です。', formatFileId: null },
      ],
      requiredDocsType1: '2',
      requiredDocsType2: '3',
      requiredDocsType3: '1',
      accidentAcceptanceInfo:
        '事故が起きたときは、事故受付センター（0120-000-202、24時間365日受付）までご連絡ください。公務中や通勤途中の事故は、所属の庶務担当にもあわせてお知らせください。',
      certificateComment:
        'この加入者証は、保険期間の満了まで大切に保管してください。互助会を退会される場合は、互助会事務局までご連絡ください。',
      renewalFlg: '1',
      policyHolderPageUseDiv: '1',
      systemRevisionNotice: `${formatJapaneseDate(addDays(today, 7))}の午前0時から午前6時まで、システム改修のため、お申し込み画面とマイページをご利用いただけません。ご不便をおかけしますが、ご理解くださいますようお願いいたします。`,
      pymntMethod: '3',
      payeeAccntDisplayDiv: '1',
      payeeAccntInfo:
        'お申し込みの完了後に、お申し込みごとの専用の振込口座（バーチャル口座）をご案内します。振込期日までに、表示された金額をお振り込みください。振込手数料はお客さまのご負担となります。',
      pymntCount: 1,
      closingDay: 25,
      shopId: '',
      consignorCd: '0000200002',
      consignorName: 'みどり市職員互助会',
      additionalCost: 0,
    }

    const branch: GroupPfInfoBranchNo = {
      groupPfBranchNo: '00010',
      sectionName: '公務開発部 自治体第二課',
      sectionCd: '2202',
      agentName,
      agentCd: 'AG20002',
      agentMail,
      landingPageUrl: null,
      contactRef: `${agentName} 市役所窓口 0120-000-201（平日 8:30〜17:15）`,
      accidentRef: '事故受付センター 0120-000-202（24時間365日受付）',
      agentRefTitle: '取扱代理店',
      agentRefOtherInfo: 'みどり市役所本庁舎の地下1階に窓口があります。',
      sectionRefTitle: '引受保険会社',
      sectionRefOtherInfo: `${INSURER_NAME} 公務開発部 自治体第二課 03-0000-2202`,
      refFreeField: [
        `代理店名：${agentName} 市役所窓口`,
        '電話：0120-000-201',
        '受付時間：平日 8:30〜17:15（土日祝日・年末年始を除く）',
        `メール：${agentMail}`,
      ].join('\n'),
    }

    const itemDefinitionArray: ItemDefinition[] = [
      item({
        itemCode: 'MDR_MEMBER_NO',
        itemName: '会員番号',
        supportText: '会員証に記載の7桁の番号を、半角数字で入力してください。',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        displayOrder: 1,
        preRenewCopyFlg: '1',
        authItemCd: '1',
        ruleArray: ['required', 'onlyNumeric'],
      }),
      item({
        itemCode: 'MDR_BIRTH_DATE',
        itemName: '生年月日',
        supportText: '西暦で、年・月・日を入力してください（例：1985年4月15日）。',
        inputType: 'date',
        itemClass: '010',
        category: '010',
        displayOrder: 2,
        preRenewCopyFlg: '1',
        authItemCd: '2',
        ruleArray: ['required', 'yearMonthDate'],
      }),
      item({
        itemCode: 'MDR_NAME_KANA',
        itemName: '氏名（カナ）',
        supportText: '全角カタカナで入力してください（例：ミドリ　ハナコ）。',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        displayOrder: 3,
        preRenewCopyFlg: '1',
        authItemCd: '3',
        ruleArray: ['required', 'onlyFullKatakana'],
      }),
      item({
        itemCode: 'MDR_WORKPLACE',
        itemName: '所属（部・課）',
        supportText: '例：市民生活部 市民課',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        displayOrder: 10,
        preRenewCopyFlg: '1',
        ruleArray: ['required', 'gaiji'],
      }),
      item({
        itemCode: 'MDR_STAFF_DIV',
        itemName: '職員区分',
        inputType: 'radio',
        itemClass: '010',
        category: '010',
        displayOrder: 20,
        preRenewCopyFlg: '1',
        ruleArray: ['required'],
        choiceArray: [
          { code: '1', label: '正規職員' },
          { code: '2', label: '会計年度任用職員' },
          { code: '3', label: '再任用職員' },
          { code: '4', label: '退職会員' },
        ],
      }),
      item({
        itemCode: 'MDR_WORK_TEL',
        itemName: '勤務先の電話番号',
        supportText: '半角数字とハイフンで入力してください（例：03-0000-0000）。',
        inputType: 'text',
        itemClass: '010',
        category: '010',
        displayOrder: 30,
        ruleArray: ['telNo'],
      }),
      relationshipItem('MDR_RELATIONSHIP', 110),
      occupationItem('MDR_OCCUPATION', 120),
      item({
        itemCode: 'MDR_FAMILY_COUNT',
        itemName: '補償の対象となるご家族の人数（ご本人を除く）',
        inputType: 'select',
        itemClass: '010',
        category: '020',
        relatedUnitNo: [2],
        displayOrder: 130,
        preRenewCopyFlg: '1',
        ruleArray: ['required'],
        choiceArray: [
          { code: '1', label: '1人' },
          { code: '2', label: '2人' },
          { code: '3', label: '3人' },
          { code: '4', label: '4人' },
          { code: '5', label: '5人以上' },
        ],
      }),
      noticeItem({
        itemCode: 'MDR_NOTICE_HOSPITAL',
        itemName: '現在、病気やけがで入院していますか。',
        supportText:
          '「はい」の場合、お申し込みいただけません。退院後にあらためてお申し込みください。',
        displayOrder: 210,
      }),
      noticeItem({
        itemCode: 'MDR_NOTICE_CANCER',
        itemName: 'これまでに、がん（上皮内がんを含みます）と診断されたことがありますか。',
        supportText: '「はい」の場合、がん診断一時金特約にはお申し込みいただけません。',
        relatedUnitNo: [4],
        displayOrder: 220,
      }),
    ]

    return {
      formatVersion: 1,
      groupPfInfo,
      groupPfInfoBranchNoArray: [branch],
      itemDefinitionArray,
      linkArray: [{ groupPfBranchNo: '00010', urlKey: 'Ht4wN8vL3c' }],
    }
  },
}

// ---------------------------------------------------------------------------------------------
// Groups C and D: 日本ソフトウェア技術者協会, two products paid by group collection (pymntMethod "4")
//   C 会員団体保険 — outside both windows (the closed-window screens)
//   D 新入会員団体保険 — inside its all-at-once window (group collection can be tried, issue #23)

interface AssociationProduct {
  code: string
  subtitle: string
  color: string
  urlKey: string
  groupNameKanaOfProduct: string
  /** whether the all-at-once window is open today (else both windows have ended) */
  isOpen: boolean
}

function associationGroup(product: AssociationProduct): DemoGroup {
  return {
    code: product.code,
    artwork: {
      color: product.color,
      motif: 'code',
      title: '日本ソフトウェア技術者協会',
      subtitle: product.subtitle,
    },
    build(today) {
      return buildAssociationDocument(this, product, today)
    },
  }
}

function buildAssociationDocument(
  group: DemoGroup,
  product: AssociationProduct,
  today: string,
): GroupDocument {
  const inceptionYm = product.isOpen
    ? addMonths(ym(addDays(today, 20)), 1)
    : addMonths(ym(today), -3)
  const groupInceptionDate = firstDay(inceptionYm)
  const groupExpiryDate = firstDay(addMonths(inceptionYm, 12))
  const atOnceRecruitStartDate = product.isOpen
    ? addDays(today, -10)
    : addDays(groupInceptionDate, -50)
  const atOnceRecruitEndDate = product.isOpen
    ? addDays(today, 20)
    : addDays(groupInceptionDate, -20)
  // 中途加入は始期から2か月間だけ受け付ける（C ではすでに終了している）。
  const halfwayRecruitStartDate = groupInceptionDate
  const halfwayRecruitEndDate = lastDay(addMonths(inceptionYm, 1))
  const halfwayPymntInceptionDate = firstDay(addMonths(inceptionYm, 2))
  const renewalFixDate = addDays(groupExpiryDate, -60)
  const agentName = '株式会社エスイー保険サービス'
  const agentMail = 'hoken-jsea@example.jp'
  const files = imageFiles(group.code)
  const name = `${group.artwork.title} ${group.artwork.subtitle}`

  const groupPfInfo: GroupPfInfoDocument = {
    groupPfCode: group.code,
    groupPfCodeInceptionDateYm: inceptionYm,
    groupPfAutoRenewFlg: '1',
    renewalFixDate,
    groupInceptionDate,
    groupInceptionTime: '1600',
    groupExpiryDate,
    groupExpiryTime: '1600',
    halfwayPymntInceptionDate,
    detailManagementDiv1: '03',
    detailManagementDiv2: '01',
    authenticationType: '1',
    recruitDiv: '1',
    sectionCd: '3301',
    sectionName: '業域開発部 団体第三課',
    agentCd: 'AG30003',
    agentName,
    groupCd: 'JSE300',
    groupNameKana: `ニホンソフトウェアギジュツシャキョウカイ ${product.groupNameKanaOfProduct}`,
    groupNameKanji: name,
    atOnceRecruitStartDate,
    atOnceRecruitEndDate,
    halfwayRecruitStartDate,
    halfwayRecruitEndDate,
    unitInfoArray: [
      unit({
        unitNo: 1,
        unitTypeCd: 'S1',
        coverageName: '会員団体保険 スタンダードプラン',
        displayName: 'スタンダードプラン',
        coverageTypeFlg: '1',
        groupCd: 'JSE300',
        unitPremium: 980,
      }),
      unit({
        unitNo: 2,
        unitTypeCd: 'W1',
        coverageName: '会員団体保険 ワイドプラン',
        displayName: 'ワイドプラン',
        coverageTypeFlg: '1',
        groupCd: 'JSE300',
        unitPremium: 1760,
      }),
      unit({
        unitNo: 3,
        unitTypeCd: 'IP',
        coverageName: '所得補償特約（月額20万円型）',
        displayName: '所得補償特約',
        coverageTypeFlg: '2',
        relatedUnitNo: [1, 2],
        groupCd: 'JSE300',
        unitPremium: 1350,
      }),
      unit({
        unitNo: 4,
        unitTypeCd: 'PE',
        coverageName: '携行品損害補償特約',
        displayName: '携行品損害特約',
        coverageTypeFlg: '2',
        relatedUnitNo: [2],
        groupCd: 'JSE300',
        unitPremium: 290,
      }),
    ],
    themeColor: group.artwork.color,
    logoImage: { file: files.logo, alt: name },
    topImage: {
      file: files.top,
      alt: `つながる点と線をあしらった、${name}のイメージ画像`,
    },
    premiumSampleArray: [
      {
        label: '基本の補償を備える場合',
        description: 'スタンダードプランに加入した場合の、月々の保険料です。',
        premium: 980,
        premiumUnit: '月払',
      },
      {
        label: '補償を手厚くする場合',
        description: 'ワイドプランに加入した場合の、月々の保険料です。',
        premium: 1760,
        premiumUnit: '月払',
      },
      {
        label: '働けないときの収入にも備える場合',
        description: 'スタンダードプランに所得補償特約を付けた場合の、月々の保険料です。',
        premium: 2330,
        premiumUnit: '月払',
      },
      {
        label: 'ノートパソコンの持ち歩きが多い場合',
        description: 'ワイドプランに携行品損害特約を付けた場合の、月々の保険料です。',
        premium: 2050,
        premiumUnit: '月払',
      },
    ],
    announcementArray: [
      ...(product.isOpen
        ? [
            {
              date: atOnceRecruitStartDate,
              title: 'お申し込みの受付を始めました',
              bodyHtml: `<p>${formatJapaneseDate(atOnceRecruitEndDate)}までにお申し込みください。</p>`,
            },
            {
              date: atOnceRecruitStartDate,
              title: '保険料のお支払いについて',
              bodyHtml:
                '<p>保険料は、協会が会費とあわせて毎月お預かりします（団体扱）。お申し込みの際にカード番号などを入力していただく必要はありません。</p>',
            },
          ]
        : [
            {
              date: addDays(today, -5),
              title: '更新のお手続きについて',
              bodyHtml: [
                `<p>現在の保険期間は<strong>${formatJapaneseDate(groupExpiryDate)}</strong>に満了し、同じ内容で自動的に更新されます。</p>`,
                `<p>プランや特約を変更される場合は、<strong>${formatJapaneseDate(renewalFixDate)}まで</strong>にマイページからお手続きください。</p>`,
              ].join(''),
            },
            {
              date: addDays(atOnceRecruitEndDate, 1),
              title: '今年度の募集を終了しました',
              bodyHtml:
                '<p>今年度の会員団体保険の募集は終了しました。たくさんのお申し込みをいただき、ありがとうございました。</p><p>次回の募集は、<a href="https://www.example.jp/jsea/hoken">協会の保険ページ</a>でお知らせします。</p>',
            },
          ]),
    ],
    otherAnnouncementHtml:
      '<p>ご登録の住所や勤務先が変わった場合は、マイページから変更のお手続きをお願いいたします。</p>',
    featureArray: [
      {
        title: '協会会員のための団体保険',
        description:
          '日本ソフトウェア技術者協会の正会員・準会員の方がご加入いただける団体保険です。団体契約のため、割安な保険料でご加入いただけます。',
      },
      {
        title: '働けないときの収入を補償',
        description:
          '所得補償特約を付けると、病気やけがで働けなくなったときの収入の減少を、月額20万円を限度に補償します。フリーランスの方にもおすすめです。',
      },
      {
        title: '持ち歩くパソコンも補償',
        description:
          'ワイドプランでは携行品損害特約をお選びいただけます。外出先で使うノートパソコンやタブレットの破損・盗難に備えられます。',
      },
    ],
    accidentCaseArray: [
      {
        title: '駅のホームで転倒し、ひざを負傷',
        description:
          '打ち合わせに向かう途中、駅のホームで転倒してひざのじん帯を傷め、25日間通院しました。',
        paidAmount: 50000,
      },
      {
        title: '病気で3か月間、仕事ができなかった',
        description:
          '体調を崩して医師から自宅療養を指示され、3か月間仕事ができませんでした。所得補償特約から保険金をお支払いしました。',
        paidAmount: 553333,
      },
      {
        title: 'カフェでノートパソコンを落として破損',
        description:
          '外出先のカフェで作業をしていたところ、ノートパソコンを床に落として画面が割れてしまいました。',
        paidAmount: 65000,
      },
    ],
    coverageOutlineArray: [
      {
        category: '傷害',
        itemArray: [
          {
            label: '死亡・後遺障害',
            content:
              '事故の日からその日を含めて180日以内に亡くなられた場合、または後遺障害が生じた場合にお支払いします。保険金額はスタンダードプラン300万円、ワイドプラン600万円です。',
          },
          {
            label: '入院',
            content:
              '入院1日につき、スタンダードプラン4,000円、ワイドプラン6,000円をお支払いします。',
          },
          {
            label: '通院',
            content: '通院1日につき2,000円をお支払いします（90日分が限度です）。',
          },
        ],
      },
      {
        category: '疾病',
        itemArray: [
          {
            label: '疾病入院',
            content:
              'ワイドプランのみ、入院1日につき5,000円をお支払いします（1回の入院につき60日分が限度です）。',
          },
        ],
      },
      {
        category: '所得補償',
        itemArray: [
          {
            label: '所得補償（特約）',
            content:
              '病気やけがで働けなくなった場合に、月額20万円を限度にお支払いします。働けなくなった日から7日間は、お支払いの対象外です。',
          },
          { label: 'お支払いの期間', content: '同じ病気やけがについて、1年間が限度です。' },
        ],
      },
      {
        category: '携行品',
        itemArray: [
          {
            label: '携行品損害（特約）',
            content:
              '外出先に持ち出したノートパソコンなどの身の回り品が、偶然な事故で壊れたり盗まれたりした場合に、1年間で20万円を限度にお支払いします（自己負担額は1事故3,000円です）。',
          },
        ],
      },
      {
        category: '各種サービス',
        itemArray: [
          {
            label: '健康・医療相談',
            content: '24時間365日、医師や看護師などの専門スタッフに電話でご相談いただけます。',
          },
          {
            label: 'メンタルヘルス相談',
            content: '臨床心理士などの専門スタッフに、電話やWebでご相談いただけます。',
          },
        ],
      },
    ],
    faqArray: [
      {
        question: '今から加入することはできますか。',
        answer:
          '今年度の募集は終了しています。次回の募集は、更新の時期にあわせて協会の会報と保険ページでお知らせします。',
      },
      {
        question: '自動更新とは何ですか。',
        answer: `保険期間が満了したときに、同じ内容で自動的に更新される仕組みです。内容を変更される場合は、${formatJapaneseDate(renewalFixDate)}までにマイページからお手続きください。`,
      },
      {
        question: '保険料はどのように支払いますか。',
        answer:
          '保険料は協会を通じてお支払いいただきます（団体扱）。ご登録の口座から、協会の会費とあわせて毎月お引き落としします。Webでのお支払い手続きは必要ありません。',
      },
      {
        question: '所得補償特約は会社員でも加入できますか。',
        answer:
          'はい、ご加入いただけます。会社員・公務員の方も、フリーランス・個人事業主の方も対象です。',
      },
      {
        question: '協会を退会した場合はどうなりますか。',
        answer: '協会を退会された場合は、退会された月の末日で補償が終わります。',
      },
    ],
    applicationGuideArray: [
      {
        title: 'ご案内を確認する',
        description: 'パンフレットと重要事項説明書で、補償内容とプランをご確認ください。',
      },
      {
        title: '初回登録IDで本人確認をする',
        description:
          '協会から郵送した「会員団体保険のご案内」に記載の初回登録IDとパスワードを入力してください。',
      },
      {
        title: 'メールアドレスを登録する',
        description:
          'メールアドレスとマイページのパスワードを登録してください。届いたメールのリンクから、1時間以内にお手続きを続けてください。',
      },
      {
        title: '加入内容を入力する',
        description: 'プランと特約を選び、補償の対象となる方の情報と告知事項を入力してください。',
      },
      {
        title: 'お申し込みを完了する',
        description:
          '入力内容を確認して、お申し込みを完了してください。保険料は協会を通じてお支払いいただくため、Webでのお支払い手続きは必要ありません。',
      },
    ],
    referenceInfoArray: [
      referenceBlock([
        ['タイトル', 'お問い合わせ先'],
        ['内容タイトル', '取扱代理店'],
        ['内容', agentName],
        ['電話番号', '0120-000-301'],
        ['注記', '受付時間：平日 10:00〜18:00（土日祝日・年末年始を除く）'],
        ['メール', agentMail],
      ]),
      referenceBlock([
        ['タイトル', '事故のご連絡'],
        ['内容タイトル', '事故受付センター（24時間365日受付）'],
        ['電話番号', '0120-000-302'],
        [
          '内容',
          '事故が起きたときや、病気やけがで働けなくなったときは、できるだけ早くご連絡ください。',
        ],
      ]),
      referenceBlock([
        ['タイトル', '協会のお問い合わせ'],
        ['内容タイトル', '日本ソフトウェア技術者協会 事務局'],
        ['内容', '会員資格、会費、退会に関するお問い合わせ'],
        ['電話番号', '03-0000-3301'],
        ['メール', 'office-jsea@example.com'],
        ['URL', 'https://www.example.jp/jsea/'],
      ]),
      referenceBlock([
        ['タイトル', '引受保険会社'],
        ['内容タイトル', INSURER_NAME],
        ['内容', '業域開発部 団体第三課'],
        ['電話番号', '03-0000-3302'],
        ['URL', INSURER_URL],
      ]),
    ],
    requiredDocsArray: [
      {
        name: '協会会員証の写し',
        description: '会員番号が記載された面を撮影した画像、またはPDFをアップロードしてください。',
        formatFileId: null,
      },
      {
        name: '収入を確認できる書類',
        description:
          '所得補償特約にお申し込みの場合に、源泉徴収票または確定申告書の写しをご提出ください（任意）。',
        formatFileId: null,
      },
      { name: '本人確認書類', description: 'この団体では提出は不要です。', formatFileId: null },
    ],
    requiredDocsType1: '2',
    requiredDocsType2: '3',
    requiredDocsType3: '1',
    accidentAcceptanceInfo:
      '事故が起きたときや、病気やけがで働けなくなったときは、事故受付センター（0120-000-302、24時間365日受付）までご連絡ください。所得補償特約のご請求には、医師の診断書が必要です。',
    certificateComment:
      'この加入者証は大切に保管してください。保険期間の満了後は、同じ内容で自動的に更新されます。',
    renewalFlg: '1',
    policyHolderPageUseDiv: '1',
    systemRevisionNotice: null,
    pymntMethod: '4',
    payeeAccntDisplayDiv: '2',
    payeeAccntInfo: null,
    pymntCount: 12,
    closingDay: 20,
    shopId: '',
    consignorCd: '0000300003',
    consignorName: '日本ソフトウェア技術者協会',
    additionalCost: 0,
  }

  const branch: GroupPfInfoBranchNo = {
    groupPfBranchNo: '00001',
    sectionName: '業域開発部 団体第三課',
    sectionCd: '3301',
    agentName,
    agentCd: 'AG30003',
    agentMail,
    landingPageUrl: 'https://www.example.jp/jsea/hoken',
    contactRef: `${agentName} 0120-000-301（平日 10:00〜18:00）`,
    accidentRef: '事故受付センター 0120-000-302（24時間365日受付）',
    agentRefTitle: '取扱代理店',
    agentRefOtherInfo: '協会の会員団体保険を担当する代理店です。',
    sectionRefTitle: '引受保険会社',
    sectionRefOtherInfo: `${INSURER_NAME} 業域開発部 団体第三課 03-0000-3302`,
    refFreeField: [
      `代理店名：${agentName}`,
      '電話：0120-000-301',
      '受付時間：平日 10:00〜18:00（土日祝日・年末年始を除く）',
      `メール：${agentMail}`,
    ].join('\n'),
  }

  const itemDefinitionArray: ItemDefinition[] = [
    item({
      itemCode: 'JSE_MEMBER_NO',
      itemName: '会員番号',
      supportText: '会員証に記載の番号を、半角の英大文字と数字で入力してください（例：S1234567）。',
      inputType: 'text',
      itemClass: '010',
      category: '010',
      displayOrder: 10,
      preRenewCopyFlg: '1',
      ruleArray: ['required', 'onlyNumberAndUpperAlphabet'],
    }),
    item({
      itemCode: 'JSE_MEMBER_DIV',
      itemName: '会員種別',
      inputType: 'radio',
      itemClass: '010',
      category: '010',
      displayOrder: 20,
      preRenewCopyFlg: '1',
      ruleArray: ['required'],
      choiceArray: [
        { code: '1', label: '正会員' },
        { code: '2', label: '準会員' },
      ],
    }),
    item({
      itemCode: 'JSE_OFFICE_NAME',
      itemName: '勤務先名',
      supportText: 'フリーランスの方は屋号を入力してください。',
      inputType: 'text',
      itemClass: '010',
      category: '010',
      displayOrder: 30,
      preRenewCopyFlg: '1',
      ruleArray: ['gaiji'],
    }),
    item({
      itemCode: 'JSE_OFFICE_NAME_KANA',
      itemName: '勤務先名（カナ）',
      supportText: '全角カタカナで入力してください。',
      inputType: 'text',
      itemClass: '010',
      category: '010',
      displayOrder: 40,
      preRenewCopyFlg: '1',
      ruleArray: ['onlyFullKatakana'],
    }),
    item({
      itemCode: 'JSE_OFFICE_ZIP',
      itemName: '勤務先の郵便番号',
      supportText: 'ハイフンを入れずに、半角数字7桁で入力してください。',
      inputType: 'text',
      itemClass: '010',
      category: '010',
      displayOrder: 50,
      ruleArray: ['zipCode'],
    }),
    item({
      itemCode: 'JSE_OFFICE_TEL',
      itemName: '勤務先の電話番号',
      supportText: '半角数字とハイフンで入力してください（例：03-0000-0000）。',
      inputType: 'text',
      itemClass: '010',
      category: '010',
      displayOrder: 60,
      ruleArray: ['telNo'],
    }),
    item({
      itemCode: 'JSE_CONTACT_MAIL',
      itemName: '予備の連絡先メールアドレス',
      supportText: 'ご登録のメールアドレスに連絡がとれない場合に使います（任意）。',
      inputType: 'text',
      itemClass: '010',
      category: '010',
      displayOrder: 70,
      ruleArray: ['email'],
    }),
    item({
      itemCode: 'JSE_PREV_PLAN',
      itemName: '前年度の加入プラン',
      supportText: '前年度の加入内容から設定します。',
      inputType: 'select',
      itemClass: '010',
      category: '010',
      displayOrder: 80,
      applicationDispDisplayFlg: '2',
      preRenewCopyFlg: '1',
      choiceArray: [
        { code: '1', label: 'スタンダードプラン' },
        { code: '2', label: 'ワイドプラン' },
      ],
    }),
    relationshipItem('JSE_RELATIONSHIP', 110),
    occupationItem('JSE_OCCUPATION', 120),
    item({
      itemCode: 'JSE_ANNUAL_INCOME',
      itemName: '年収（税込）',
      supportText: '直近1年間の収入を選んでください。',
      inputType: 'select',
      itemClass: '010',
      category: '020',
      relatedUnitNo: [3],
      displayOrder: 130,
      preRenewCopyFlg: '1',
      ruleArray: ['required'],
      choiceArray: [
        { code: '1', label: '300万円未満' },
        { code: '2', label: '300万円以上500万円未満' },
        { code: '3', label: '500万円以上800万円未満' },
        { code: '4', label: '800万円以上' },
      ],
    }),
    item({
      itemCode: 'JSE_WORK_STYLE',
      itemName: '働き方',
      inputType: 'radio',
      itemClass: '010',
      category: '020',
      relatedUnitNo: [3],
      displayOrder: 140,
      preRenewCopyFlg: '1',
      ruleArray: ['required'],
      choiceArray: [
        { code: '1', label: '会社員・公務員' },
        { code: '2', label: '会社役員' },
        { code: '3', label: 'フリーランス・個人事業主' },
      ],
    }),
    noticeItem({
      itemCode: 'JSE_NOTICE_OFF_WORK',
      itemName: '現在、病気やけがのため、医師の指示で仕事を休んでいますか。',
      supportText: '「はい」の場合、所得補償特約にはお申し込みいただけません。',
      relatedUnitNo: [3],
      displayOrder: 210,
    }),
    noticeItem({
      itemCode: 'JSE_NOTICE_HOSPITAL',
      itemName: '現在、病気やけがで入院していますか。',
      supportText:
        '「はい」の場合、お申し込みいただけません。退院後にあらためてお申し込みください。',
      displayOrder: 220,
    }),
  ]

  return {
    formatVersion: 1,
    groupPfInfo,
    groupPfInfoBranchNoArray: [branch],
    itemDefinitionArray,
    linkArray: [{ groupPfBranchNo: '00001', urlKey: product.urlKey }],
  }
}

const groupC = associationGroup({
  code: 'G300003',
  subtitle: '会員団体保険',
  color: '#1F4E8C',
  urlKey: 'Pz5bJ6sE1d',
  groupNameKanaOfProduct: 'カイインダンタイホケン',
  isOpen: false,
})

const groupD = associationGroup({
  code: 'G400004',
  subtitle: '新入会員団体保険',
  color: '#0F6B5C',
  urlKey: 'Nw3fK7tY2h',
  groupNameKanaOfProduct: 'シンニュウカイインダンタイホケン',
  isOpen: true,
})

const demoGroups: readonly DemoGroup[] = [groupA, groupB, groupC, groupD]

// ---------------------------------------------------------------------------------------------

/** The four demo group products as import documents (A, B, C, D), with windows around `today`. */
export function buildDemoDocuments(today: string): GroupDocument[] {
  if (!isValidYyyymmdd(today)) {
    throw new RangeError(`today must be a valid YYYYMMDD date: "${today}"`)
  }
  return demoGroups.map((group) => group.build(today))
}

/**
 * Group A's next product year (issue #9, PRODUCT.md "Group data"): the same group and link,
 * 12 months later, 100 yen more on every unit. This year's policy holders see it on my-page, and
 * see that its renewal procedure opens once this year's cover has begun (issue #23 point 19).
 */
export function buildDemoNextYearDocuments(today: string): GroupDocument[] {
  const current = groupA.build(today)
  const next = structuredClone(current)
  const info = next.groupPfInfo
  const inceptionYm = addMonths(current.groupPfInfo.groupPfCodeInceptionDateYm, 12)
  const groupInceptionDate = firstDay(inceptionYm)
  const groupExpiryDate = addDays(firstDay(addMonths(inceptionYm, 12)), -1)
  const thisYearFixDate = current.groupPfInfo.renewalFixDate ?? groupInceptionDate
  Object.assign(info, {
    groupPfCodeInceptionDateYm: inceptionYm,
    groupInceptionDate,
    groupExpiryDate,
    renewalFixDate: addDays(groupExpiryDate, -60),
    atOnceRecruitStartDate: current.groupPfInfo.atOnceRecruitStartDate,
    atOnceRecruitEndDate: addDays(thisYearFixDate, -1),
    halfwayRecruitStartDate: null,
    halfwayRecruitEndDate: null,
    halfwayPymntInceptionDate: null,
    unitInfoArray: info.unitInfoArray.map((unit) => ({
      ...unit,
      unitPremium: unit.unitPremium + 100,
    })),
  })
  return [next]
}

/**
 * Group A's previous product year, in force today: the same group and link, 12 months earlier,
 * 100 yen less on every unit, its cover ending the day before this year's begins. Its renewal fix
 * date is the last day of this year's all-at-once window, so a holder of last year's contract
 * renews into this year's product now, while it recruits (README "Renewal").
 */
export function buildDemoPreviousYearDocuments(today: string): GroupDocument[] {
  const current = groupA.build(today)
  const previous = structuredClone(current)
  const info = previous.groupPfInfo
  const inceptionYm = addMonths(current.groupPfInfo.groupPfCodeInceptionDateYm, -12)
  const groupInceptionDate = firstDay(inceptionYm)
  Object.assign(info, {
    groupPfCodeInceptionDateYm: inceptionYm,
    groupInceptionDate,
    groupExpiryDate: addDays(current.groupPfInfo.groupInceptionDate, -1),
    renewalFixDate: current.groupPfInfo.atOnceRecruitEndDate,
    atOnceRecruitStartDate: addDays(groupInceptionDate, -40),
    atOnceRecruitEndDate: addDays(groupInceptionDate, -10),
    halfwayRecruitStartDate: null,
    halfwayRecruitEndDate: null,
    halfwayPymntInceptionDate: null,
    // this year's announcements name this year's dates
    announcementArray: [],
    unitInfoArray: info.unitInfoArray.map((unit) => ({
      ...unit,
      unitPremium: unit.unitPremium - 100,
    })),
  })
  return [previous]
}

/** The demo links in the order A, B, C, D. */
export function demoLinks(today: string): DemoLink[] {
  return buildDemoDocuments(today).map((document) => {
    const [link] = document.linkArray
    if (link?.urlKey === undefined) {
      throw new Error(`demo group ${document.groupPfInfo.groupPfCode} has no fixed urlKey`)
    }
    return {
      groupPfCode: document.groupPfInfo.groupPfCode,
      groupPfCodeInceptionDateYm: document.groupPfInfo.groupPfCodeInceptionDateYm,
      groupPfBranchNo: link.groupPfBranchNo,
      urlKey: link.urlKey,
      name: document.groupPfInfo.groupNameKanji,
    }
  })
}

const SVG_CONTENT_TYPE = 'image/svg+xml'

/** The bytes of an image named in a demo document's logoImage / topImage, or undefined. */
export function demoImage(file: string): { bytes: Buffer; contentType: string } | undefined {
  for (const group of demoGroups) {
    const files = imageFiles(group.code)
    if (file === files.logo) {
      return {
        bytes: Buffer.from(renderLogoSvg(group.artwork), 'utf8'),
        contentType: SVG_CONTENT_TYPE,
      }
    }
    if (file === files.top) {
      return {
        bytes: Buffer.from(renderTopSvg(group.artwork), 'utf8'),
        contentType: SVG_CONTENT_TYPE,
      }
    }
  }
  return undefined
}
