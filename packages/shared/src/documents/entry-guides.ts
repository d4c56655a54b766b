// The group-specific documents of the enrolment entry screens (SPEC §2.1): applyLinkGuide,
// the preamble of termsOfService, entryTerms and pamphletImportantNotes. Each is built from the
// group's own data (SPEC §3.3, §3.4) and where today falls in its recruitment windows, which the
// server decides (SPEC §4; the group answer's `recruitmentPhase`).
import type { GroupPfInfo, GroupPfInfoBranchNo } from '../api/group/group-pf-info.ts'
import type { ItemDefinition } from '../api/group/item-definition.ts'
import { formatYearMonthDate } from '../format/display.ts'
import { maxUploadBytes, uploadExtensions } from '../rules/upload.ts'
import { serviceOperator } from './operator.ts'
import { documentVersions } from './versions.ts'
import type {
  EntryDocumentInput,
  GuideBlock,
  GuideDefinition,
  GuideDocument,
  GuideListItem,
  GuideSection,
  RecruitmentPhase,
} from './types.ts'

// 99991231 is the usual "no end date" (rules/recruit.ts).
const LAST_DATE = '99991231'
const HHMM = /^(\d{2})(\d{2})$/

const paragraph = (text: string, isEmphasised = false): GuideBlock =>
  isEmphasised ? { type: 'paragraph', text, isEmphasised } : { type: 'paragraph', text }
const bullets = (items: readonly (string | GuideListItem)[]): GuideBlock => ({
  type: 'list',
  isOrdered: false,
  items: items.map((item) => (typeof item === 'string' ? { text: item } : item)),
})
const definitions = (entries: readonly GuideDefinition[]): GuideBlock => ({
  type: 'definitions',
  entries,
})

/** 時刻 HHMM を HH:MM で表示する。形の違う値はそのまま返す。 */
function formatTime(value: string): string {
  const match = HHMM.exec(value)
  return match === null ? value : `${match[1]}:${match[2]}`
}

function formatPeriod(start: string | null, end: string | null): string | undefined {
  if (start === null || end === null || start === '' || end === '') return undefined
  if (end === LAST_DATE) return `${formatYearMonthDate(start)}から（終了日の定めはありません）`
  return `${formatYearMonthDate(start)}〜${formatYearMonthDate(end)}`
}

function maxUploadText(): string {
  const megabytes = maxUploadBytes / (1024 * 1024)
  return `${megabytes}MB`
}

/** 現在の募集の区分を伝える一文。 */
export function recruitmentPhaseText(phase: RecruitmentPhase): string {
  if (phase === 'atOnce') return '現在は、一括募集のお申し込みを受け付けています。'
  if (phase === 'halfway') return '現在は、中途加入のお申し込みを受け付けています。'
  return '現在は、お申し込みの受付期間外です。'
}

/** 募集期間と補償の開始日（SPEC §3.3 Recruitment windows、§4 Policy inception）。 */
export function recruitmentPeriodEntries(info: GroupPfInfo): GuideDefinition[] {
  const atOnce = formatPeriod(info.atOnceRecruitStartDate, info.atOnceRecruitEndDate)
  const halfway = formatPeriod(info.halfwayRecruitStartDate, info.halfwayRecruitEndDate)
  const entries: GuideDefinition[] = [
    { term: '一括募集の受付期間', description: atOnce ?? '一括募集はありません。' },
  ]
  if (atOnce !== undefined) {
    entries.push({
      term: '一括募集の補償開始日',
      description: formatYearMonthDate(info.groupInceptionDate),
    })
  }
  entries.push({
    term: '中途加入の受付期間',
    description: halfway ?? '中途加入の募集はありません。',
  })
  if (halfway !== undefined && info.halfwayPymntInceptionDate !== null) {
    entries.push({
      term: '中途加入の補償開始日',
      description: formatYearMonthDate(info.halfwayPymntInceptionDate),
    })
  }
  entries.push({
    term: '保険期間の終了日',
    description: formatYearMonthDate(info.groupExpiryDate),
  })
  return entries
}

/** 保険期間（団体の始期・終期）。 */
function insurancePeriodText(info: GroupPfInfo): string {
  return `${formatYearMonthDate(info.groupInceptionDate)} ${formatTime(info.groupInceptionTime)}から${formatYearMonthDate(info.groupExpiryDate)} ${formatTime(info.groupExpiryTime)}まで`
}

/**
 * 今回のお申し込みで補償が始まる日（SPEC §4）: 一括募集中は団体の始期日と時刻、中途募集中は中途加入の
 * 始期日（時刻なし）、期間外はなし。
 */
function coverageStartText(input: EntryDocumentInput): string | undefined {
  const info = input.groupPfInfo
  if (input.recruitmentPhase === 'atOnce') {
    return `${formatYearMonthDate(info.groupInceptionDate)} ${formatTime(info.groupInceptionTime)}`
  }
  if (input.recruitmentPhase === 'halfway' && info.halfwayPymntInceptionDate !== null) {
    return formatYearMonthDate(info.halfwayPymntInceptionDate)
  }
  return undefined
}

/** 保険料の払込方法（pymntMethod、PRODUCT.md "Money"）。 */
export function paymentMethodEntry(info: GroupPfInfo): GuideListItem {
  switch (info.pymntMethod) {
    case '1':
      return {
        title: 'クレジットカード払い',
        text: 'お申し込みの最後に、ご本人名義のクレジットカードでお支払いいただきます。',
      }
    case '3':
      return {
        title: '振込',
        text: 'お申し込みの完了後に、お申し込みごとの専用の振込口座をご案内します。ご案内する期日までにお振り込みください。',
      }
    case '4':
      return {
        title: '団体扱',
        text: '保険料は、団体を通じてお支払いいただきます（給与からの差し引きなど、方法は団体が定めます）。本サービスでのお支払いのお手続きはありません。',
      }
  }
}

function paymentCountText(count: number): string {
  if (count === 1) return '年1回（一括払）'
  if (count === 12) return '年12回（月払）'
  return `年${count}回`
}

function paymentBlocks(info: GroupPfInfo): GuideBlock[] {
  const method = paymentMethodEntry(info)
  const terms = definitions([
    { term: '払込方法', description: method.title ?? '' },
    { term: '払込回数', description: paymentCountText(info.pymntCount) },
  ])
  // issue #23 point 17: the group's own transfer text replaces the general one, never repeats it
  if (info.pymntMethod === '3' && info.payeeAccntDisplayDiv === '1' && info.payeeAccntInfo) {
    return [terms, { type: 'preformatted', text: info.payeeAccntInfo }]
  }
  return [terms, paragraph(method.text)]
}

/** 必要書類（SPEC §3.3 Documents）: 種別 "2" 必須、"3" 任意、"1" は使わない。 */
export function requiredDocumentItems(info: GroupPfInfo): GuideListItem[] {
  const types = [info.requiredDocsType1, info.requiredDocsType2, info.requiredDocsType3]
  return info.requiredDocsArray.flatMap((document, index): GuideListItem[] => {
    const type = types[index]
    if (type !== '2' && type !== '3') return []
    const requirement = type === '2' ? '必須' : '任意'
    return [{ title: `${document.name}（${requirement}）`, text: document.description }]
  })
}

/** 三項目認証（authenticationType "2"）で照合する項目の名前（authItemCd の順）。 */
function authenticationItemNames(items: readonly ItemDefinition[] | undefined): string[] {
  return (items ?? [])
    .filter((item) => item.authItemCd !== null)
    .sort((a, b) => Number(a.authItemCd) - Number(b.authItemCd))
    .map((item) => item.itemName)
}

function contactBlocks(branch: GroupPfInfoBranchNo): GuideBlock[] {
  const text = branch.contactRef === '' ? branch.refFreeField : branch.contactRef
  return text === '' ? [] : [{ type: 'preformatted', text }]
}

/** お申し込み用URLのご案内（applyLinkGuide）。 */
export function applyLinkGuideDocument(input: EntryDocumentInput): GuideDocument {
  const info = input.groupPfInfo
  const branch = input.groupPfInfoBranchNo
  const groupName = info.groupNameKanji
  const authNames = authenticationItemNames(input.itemDefinitionArray)
  const documents = requiredDocumentItems(info)

  const identityBlocks: GuideBlock[] =
    info.authenticationType === '1'
      ? [
          paragraph(
            'お申し込みの最初に、団体からお知らせした初回登録IDとパスワードで、ご本人であることを確認します。',
          ),
        ]
      : [
          paragraph(
            'お申し込みの最初に、団体の名簿に登録されている次の項目で、ご本人であることを確認します。',
          ),
          ...(authNames.length > 0 ? [bullets(authNames)] : []),
        ]

  const preparations: GuideListItem[] = [
    {
      title: 'メールアドレス',
      text: 'お手続きのご案内と、ご本人確認のためのメールを受け取れるメールアドレスをご用意ください。',
    },
    info.authenticationType === '1'
      ? { title: '初回登録IDとパスワード', text: '団体からお知らせしたものをご用意ください。' }
      : { title: 'ご本人確認のための情報', text: '上記の「お申し込みいただける方」の項目です。' },
    {
      title: '補償の対象となる方の情報',
      text: 'ご家族を補償の対象にする場合は、その方の氏名、生年月日などもご用意ください。',
    },
  ]
  if (info.pymntMethod === '1') {
    preparations.push({
      title: 'クレジットカード',
      text: 'ご本人名義のクレジットカードをご用意ください。',
    })
  }

  return {
    documentId: 'apply-link-guide',
    version: documentVersions['apply-link-guide'],
    sections: [
      {
        id: 'about-link',
        heading: 'このURLについて',
        blocks: [
          paragraph(
            `このページは、${groupName}に、インターネットでお申し込みいただくためのご案内です。`,
          ),
          paragraph(
            'このURLは、この団体の皆さま専用のお申し込み用URLです。ほかの方に転送したり、SNSなどに掲載したりしないでください。',
          ),
          paragraph(
            `この保険は、${serviceOperator.insurerName}が引受保険会社として、${branch.agentName}が取扱代理店としてご案内しています。`,
          ),
        ],
      },
      {
        id: 'eligibility',
        heading: 'お申し込みいただける方',
        blocks: [
          paragraph(
            '団体の構成員の方で、団体が定める加入の条件を満たす方がお申し込みいただけます。加入の条件は、パンフレットまたは団体のご担当窓口でご確認ください。',
          ),
          ...identityBlocks,
        ],
      },
      {
        id: 'periods',
        heading: '募集期間',
        blocks: [
          paragraph(recruitmentPhaseText(input.recruitmentPhase), true),
          definitions(recruitmentPeriodEntries(info)),
        ],
      },
      {
        id: 'preparation',
        heading: 'ご用意いただくもの',
        blocks: [bullets(preparations)],
        subsections: [
          {
            id: 'required-documents',
            heading: 'ご提出いただく書類',
            blocks:
              documents.length === 0
                ? [paragraph('この団体では、お申し込みの際にご提出いただく書類はありません。')]
                : [
                    paragraph(
                      'お申し込みの途中で、次の書類の画像またはファイルをアップロードしていただきます。',
                    ),
                    bullets(documents),
                    paragraph(
                      `アップロードできるファイルの形式は${uploadExtensions.map((extension) => extension.toUpperCase()).join('・')}で、大きさは1ファイル${maxUploadText()}までです。`,
                    ),
                  ],
          },
        ],
      },
      {
        id: 'steps',
        heading: 'お申し込みの流れ',
        blocks: [
          {
            type: 'list',
            isOrdered: true,
            items: info.applicationGuideArray.map((guide) => ({
              title: guide.title,
              text: guide.description,
            })),
          },
        ],
      },
      { id: 'contact', heading: 'お問い合わせ先', blocks: contactBlocks(branch) },
    ],
  }
}

/** 利用規約の画面で、利用規約の前に置く団体ごとの前書き。 */
export function termsOfServicePreamble(input: EntryDocumentInput): string[] {
  return [
    `${input.groupPfInfo.groupNameKanji}へのお申し込みには、本サービスの利用規約への同意が必要です。`,
    '次の利用規約をお読みいただき、内容に同意のうえ、お手続きを進めてください。',
  ]
}

/** お申し込みにあたっての同意事項（entryTerms）。同意の記録は documentId と version で残す。 */
export function entryTermsDocument(input: EntryDocumentInput): GuideDocument {
  const info = input.groupPfInfo
  const branch = input.groupPfInfoBranchNo
  const coverageStart = coverageStartText(input)
  const periodEntries: GuideDefinition[] = [
    { term: '保険期間', description: insurancePeriodText(info) },
  ]
  if (coverageStart !== undefined) {
    periodEntries.push({ term: '今回のお申し込みの補償開始日', description: coverageStart })
  }

  return {
    documentId: 'entry-terms',
    version: documentVersions['entry-terms'],
    sections: [
      {
        id: 'parties',
        heading: '1. 引受保険会社と取扱代理店',
        blocks: [
          definitions([
            {
              term: '引受保険会社',
              description:
                branch.sectionName === ''
                  ? serviceOperator.insurerName
                  : `${serviceOperator.insurerName}（担当部署：${branch.sectionName}）`,
            },
            { term: '取扱代理店', description: branch.agentName },
          ]),
          paragraph(
            '取扱代理店は、引受保険会社から委託を受けて、保険契約の締結の代理、保険料の受領、ご契約の管理などの業務を行っています。取扱代理店を通じて有効に成立したご契約は、引受保険会社との間で直接成立したものとなります。',
          ),
        ],
      },
      {
        id: 'period',
        heading: '2. 補償の期間',
        blocks: [
          definitions(periodEntries),
          ...(info.halfwayPymntInceptionDate === null
            ? []
            : [
                paragraph(
                  `中途加入の場合、補償は${formatYearMonthDate(info.halfwayPymntInceptionDate)}から始まり、保険期間の終了日までとなります。`,
                ),
              ]),
        ],
      },
      {
        id: 'duty-of-disclosure',
        heading: '3. 告知義務',
        blocks: [
          paragraph(
            'ご加入にあたっては、告知事項（補償の対象となる方の健康状態、職業など）について、事実をありのまま正確にお答えいただく義務（告知義務）があります。',
          ),
          paragraph(
            '故意または重大な過失によって事実を告げなかった場合や、事実と異なることを告げた場合は、ご契約が解除され、保険金をお支払いできないことがあります。',
            true,
          ),
          paragraph(
            'ご家族など、ご加入者以外の方についてお答えいただく場合は、その方に内容を確かめたうえでお答えください。',
          ),
        ],
      },
      {
        id: 'cooling-off',
        heading: '4. クーリングオフについて',
        blocks: [
          paragraph(
            '団体保険は、団体が保険契約者となって締結した保険契約に、構成員の皆さまが加入する仕組みです。このため、一般に、保険業法に定めるクーリングオフ（お申し込みの撤回など）の対象にはなりません。',
          ),
          paragraph(
            'お申し込みの前に、ご加入の内容を十分にご確認ください。ご加入の後に脱退を希望される場合は、取扱代理店までご連絡ください。',
          ),
        ],
      },
      {
        id: 'payment',
        heading: '5. 保険料のお支払い方法',
        blocks: paymentBlocks(info),
      },
      {
        id: 'personal-information',
        heading: '6. 個人情報の取扱い',
        blocks: [
          paragraph(
            'お申し込みの内容と告知の内容（健康状態に関する情報を含みます。）は、引受保険会社が保険の引受けの審査、ご契約の管理および保険金のお支払いのために利用し、取扱代理店と共有します。',
          ),
          paragraph(
            '健康状態に関する情報は、法令にもとづき、業務の適切な運営に必要な範囲に限って、ご本人の同意を得て取得し、利用します。詳しくは、個人情報保護方針をご確認ください。',
          ),
          { type: 'policyLink', documentId: 'privacy-policy', text: '個人情報保護方針' },
        ],
      },
    ],
  }
}

const mainExclusions = [
  '保険契約者、補償の対象となる方または保険金を受け取る方の故意または重大な過失によって生じたけがや損害',
  '戦争、外国の武力の行使、暴動などによって生じたけがや損害',
  '地震、噴火またはこれらによる津波によって生じたけがや損害（特約で補償する場合を除きます。）',
  '核燃料物質などの有害な特性によって生じたけがや損害',
  '無資格での運転、酒気を帯びた状態での運転、麻薬などの影響を受けた状態での運転の間に生じたけが',
  '保険期間の開始より前に発病した病気による入院など（補償によって取扱いが異なります。）',
  'むちうち症や腰痛などで、医学的な他覚所見のないもの',
  '携行品の自然の消耗、さび、かび、故障、置き忘れ・紛失による損害',
  '仕事の遂行に起因する賠償責任、同居のご親族に対する賠償責任',
]

/** 重要事項のご確認（pamphletImportantNotes）: パンフレットの契約概要・注意喚起情報の要約。 */
export function importantNotesDocument(input: EntryDocumentInput): GuideDocument {
  const info = input.groupPfInfo
  const branch = input.groupPfInfoBranchNo
  // The shell's route tests render this screen with a partial group record; the server always
  // sends the five categories (group-pf-info.ts).
  const outlines = info.coverageOutlineArray ?? []

  const accidentBlocks: GuideBlock[] = [info.accidentAcceptanceInfo, branch.accidentRef]
    .filter((text) => text !== '')
    .map((text): GuideBlock => ({ type: 'preformatted', text }))

  return {
    documentId: 'important-notes',
    version: documentVersions['important-notes'],
    sections: [
      {
        id: 'about',
        heading: 'この画面について',
        blocks: [
          paragraph(
            'お申し込みを確定する前に、パンフレットに記載の重要事項のうち、特に大切な内容をご確認ください。',
          ),
          paragraph(
            '補償の内容の詳細は、パンフレット、重要事項説明書および保険約款に記載しています。',
          ),
        ],
      },
      {
        id: 'contract-outline',
        heading: '契約概要',
        blocks: [
          paragraph('保険の商品の内容をご理解いただくための事項です。'),
          definitions([
            { term: '団体名', description: info.groupNameKanji },
            { term: '引受保険会社', description: serviceOperator.insurerName },
            { term: '保険期間', description: insurancePeriodText(info) },
          ]),
        ],
        subsections: [
          ...outlines.map((outline, index): GuideSection => ({
            id: `coverage-${index + 1}`,
            heading: `補償の内容：${outline.category}`,
            blocks: [
              definitions(
                outline.itemArray.map((item) => ({ term: item.label, description: item.content })),
              ),
            ],
          })),
          {
            id: 'premium',
            heading: '保険料のお支払い方法',
            blocks: paymentBlocks(info),
          },
        ],
      },
      {
        id: 'attention',
        heading: '注意喚起情報',
        blocks: [paragraph('ご加入にあたって、特にご注意いただきたい事項です。')],
        subsections: [
          {
            id: 'exclusions',
            heading: '保険金をお支払いできない主な場合',
            blocks: [
              paragraph(
                '次のような場合には、保険金をお支払いできません。ここに挙げるのは主な例で、補償の種類によって異なります。詳しくは、パンフレットと保険約款をご確認ください。',
              ),
              bullets(mainExclusions),
            ],
          },
          {
            id: 'disclosure',
            heading: '告知義務',
            blocks: [
              paragraph(
                '告知事項には、事実をありのまま正確にお答えください。事実と異なる場合は、ご契約が解除され、保険金をお支払いできないことがあります。',
              ),
            ],
          },
          {
            id: 'cooling-off-note',
            heading: 'クーリングオフ',
            blocks: [
              paragraph('団体保険は、一般に、保険業法に定めるクーリングオフの対象にはなりません。'),
            ],
          },
          {
            id: 'withdrawal',
            heading: '脱退と保険料',
            blocks: [
              paragraph(
                'ご加入の後に脱退を希望される場合は、取扱代理店までご連絡ください。脱退の時期によっては、お支払いいただいた保険料の一部をお返しできない場合があります。',
              ),
            ],
          },
          {
            id: 'insolvency',
            heading: '引受保険会社の経営が破綻した場合',
            blocks: [
              paragraph(
                '引受保険会社の経営が破綻した場合には、保険金などのお支払いが一定期間凍結され、または金額が削減されることがあります。',
              ),
            ],
          },
        ],
      },
      {
        id: 'accident',
        heading: '事故が起きたとき',
        blocks:
          accidentBlocks.length === 0
            ? [paragraph('事故が起きたときは、取扱代理店までご連絡ください。')]
            : accidentBlocks,
      },
    ],
  }
}
