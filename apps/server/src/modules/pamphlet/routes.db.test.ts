import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { t, toBusinessDate } from '@app/shared'
import type { DatabaseHandle } from '../../db/client.ts'
import { buildDemoDocuments, demoImage } from '../../demo/demo-groups.ts'
import { contentSecurityPolicy } from '../../plugins/security.ts'
import { createTestApp, createTestDatabase, testConfig, testNow } from '../../../test/helpers.ts'
import type { GroupDocument } from '../group/group-document.ts'
import { importGroupDocument } from '../group/import-group.ts'

// The pamphlet of the three demo groups on 2026-11-20 (testNow): A in its all-at-once window,
// B in its mid-term window, C outside both (demo-groups.ts computes the windows from today).

const STYLESHEET = '/app/assets/index-Test1234.css'
const [groupA, groupB, groupC] = buildDemoDocuments(toBusinessDate(testNow)) as [
  GroupDocument,
  GroupDocument,
  GroupDocument,
]

function pamphletPath(document: GroupDocument): string {
  const { groupPfCode, groupPfCodeInceptionDateYm } = document.groupPfInfo
  const link = document.linkArray[0]
  return `/app/pamphlet/${groupPfCode}/${groupPfCodeInceptionDateYm}/${link?.groupPfBranchNo}/${link?.urlKey}`
}

function decode(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

const INLINE_TAG = /<\/?(?:a|strong|em|time)\b[^>]*>/g

/** Text of an HTML fragment as a reader gets it: tags removed, white space collapsed. */
function textOf(fragment: string): string {
  return decode(fragment.replace(INLINE_TAG, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/** The text of every `<tag>` element, in document order. */
function textsOf(body: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'g')
  return [...body.matchAll(pattern)].map((match) => textOf(match[1] ?? ''))
}

function count(body: string, needle: string): number {
  return body.split(needle).length - 1
}

/** The visible text of the page's <main>. */
function mainText(body: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? ''
  return textOf(main)
}

function importDemo(database: DatabaseHandle, document: GroupDocument) {
  return importGroupDocument(database.db, document, {
    isDemo: true,
    readImage: (file) => demoImage(file)?.bytes,
  })
}

/** Group A again under its own code and link, with `<i>` markup added to every text shown. */
function markedDocument(): GroupDocument {
  const document = structuredClone(groupA)
  const info = document.groupPfInfo
  const mark = (text: string, name: string) => `${text}<i>${name}</i>`
  info.groupPfCode = 'G900009'
  info.groupNameKanji = mark('<b>太字</b>団体 "引用" & \'単\'', 'groupName')
  info.premiumSampleArray = info.premiumSampleArray.map((sample, index) => ({
    ...sample,
    label: mark(sample.label, `premiumLabel${index}`),
    description: mark(sample.description, `premiumDescription${index}`),
    premiumUnit: mark('月払', `unit${index}`),
  }))
  info.announcementArray = info.announcementArray.map((announcement, index) => ({
    ...announcement,
    title: mark(announcement.title, `announcementTitle${index}`),
  }))
  info.featureArray = info.featureArray.map((feature, index) => ({
    title: mark(feature.title, `featureTitle${index}`),
    description: mark(feature.description, `featureDescription${index}`),
  }))
  info.accidentCaseArray = info.accidentCaseArray.map((accident, index) => ({
    ...accident,
    title: mark(accident.title, `accidentTitle${index}`),
    description: mark(accident.description, `accidentDescription${index}`),
  }))
  info.coverageOutlineArray = info.coverageOutlineArray.map((outline, index) => ({
    category: mark(outline.category, `category${index}`),
    itemArray: outline.itemArray.map((item, position) => ({
      label: mark(item.label, `label${index}_${position}`),
      content: mark(item.content, `content${index}_${position}`),
    })),
  }))
  info.faqArray = info.faqArray.map((faq, index) => ({
    question: mark(faq.question, `question${index}`),
    answer: mark(faq.answer, `answer${index}`),
  }))
  info.applicationGuideArray = info.applicationGuideArray.map((guide, index) => ({
    title: mark(guide.title, `guideTitle${index}`),
    description: mark(guide.description, `guideDescription${index}`),
  }))
  info.referenceInfoArray = [
    '【タイトル】<i>referenceTitle</i>\n【内容タイトル】<i>contentTitle</i>\n【内容】<i>contentText</i>\n【注記】<i>note</i>\n【電話番号】<i>0120</i>\n【URL】javascript:alert(1)',
    ...info.referenceInfoArray.slice(1),
  ]
  info.accidentAcceptanceInfo = mark(info.accidentAcceptanceInfo, 'accidentAcceptance')
  info.systemRevisionNotice = mark('改修', 'systemRevisionNotice')
  if (info.logoImage !== null) info.logoImage.alt = mark('ロゴ"', 'logoAlt')
  if (info.topImage !== null) info.topImage.alt = mark('トップ"', 'topAlt')
  info.announcementArray[0] = {
    date: '20261101',
    title: '悪意のあるお知らせ',
    bodyHtml:
      '<p onclick="alert(1)">本文<script>alert(1)</script><img src=x onerror=alert(1)><a href="JaVaScRiPt:alert(1)">リンク</a></p>',
  }
  info.otherAnnouncementHtml = '<svg onload=alert(1)><iframe src="https://evil.example/"></iframe>'
  const [branch] = document.groupPfInfoBranchNoArray
  if (branch !== undefined) {
    branch.agentName = mark(branch.agentName, 'agentName')
    branch.sectionName = mark(branch.sectionName, 'sectionName')
    branch.contactRef = mark(branch.contactRef, 'contactRef')
    branch.accidentRef = mark(branch.accidentRef, 'accidentRef')
    branch.agentRefTitle = mark(branch.agentRefTitle, 'agentRefTitle')
    branch.agentRefOtherInfo = mark(branch.agentRefOtherInfo, 'agentRefOtherInfo')
    branch.sectionRefTitle = mark(branch.sectionRefTitle, 'sectionRefTitle')
    branch.sectionRefOtherInfo = mark(branch.sectionRefOtherInfo, 'sectionRefOtherInfo')
    branch.refFreeField = mark(branch.refFreeField, 'refFreeField')
  }
  document.linkArray = [{ groupPfBranchNo: '00001', urlKey: 'Mark0Key01' }]
  return document
}
const markedPath = '/app/pamphlet/G900009/202701/00001/Mark0Key01'

let database: DatabaseHandle
let app: FastifyInstance
let webDistDir: string

beforeAll(async () => {
  webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pamphlet-web-'))
  fs.writeFileSync(
    path.join(webDistDir, 'index.html'),
    `<!doctype html><html lang="ja"><head><script type="module" crossorigin src="/app/assets/index-Test1234.js"></script><link rel="stylesheet" crossorigin href="${STYLESHEET}"></head><body><div id="root"></div></body></html>`,
  )
  database = await createTestDatabase()
  for (const document of [groupA, groupB, groupC, markedDocument()]) {
    await importDemo(database, document)
  }
  app = await createTestApp(database, { env: { WEB_DIST_DIR: webDistDir } })
})

afterAll(async () => {
  await app.close()
  await database.close()
  fs.rmSync(webDistDir, { recursive: true, force: true })
})

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers })
}

describe('パンフレット（SPEC §2.3、サーバーが描く HTML、ADR 0008）', () => {
  it('JavaScript なしの完全な HTML を、キャッシュさせずに返すこと', async () => {
    const response = await get(pamphletPath(groupA))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['referrer-policy']).toBe('same-origin')
    const body = response.body
    expect(body.startsWith('<!doctype html>\n<html lang="ja">')).toBe(true)
    expect(body).not.toContain('<script')
    expect(body).not.toContain('id="root"')
    expect(body).toContain(`<link rel="stylesheet" href="${STYLESHEET}" />`)
    expect(body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />')
    expect(textsOf(body, 'title')).toEqual(['さくら電機株式会社 従業員団体保険｜パンフレット'])
    expect(body).toContain(
      '<meta name="description" content="さくら電機株式会社 従業員団体保険のパンフレットです。補償の内容、保険料の例、募集期間、お申し込みの流れとお問い合わせ先をご案内します。" />',
    )
  })

  it('見出しは h1 が1つで、レベルを飛ばさず、ランドマークとスキップリンクがあること', async () => {
    const { body } = await get(pamphletPath(groupA))
    const levels = [...body.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]))
    expect(levels.filter((level) => level === 1)).toHaveLength(1)
    expect(levels[0]).toBe(1)
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1)
    })
    expect(textsOf(body, 'h1')).toEqual(['さくら電機株式会社 従業員団体保険'])
    expect(textsOf(body, 'h2')).toEqual([
      'お申し込み',
      'このページの内容',
      'お知らせ',
      'この保険の特長',
      '保険料の例',
      '保険金のお支払い事例',
      '補償の概要',
      'よくあるご質問',
      'お申し込みの流れ',
      '事故が起きたときは',
      'ご案内',
      '取扱代理店・引受保険会社',
      'お申し込み',
    ])
    expect(count(body, '<header')).toBe(1)
    expect(count(body, '<main id="main-content"')).toBe(1)
    expect(count(body, '<footer')).toBe(1)
    expect(body).toContain('<a\nhref="#main-content"')
    expect(textsOf(body, 'a')[0]).toBe('本文へ移動')
    for (const [, id] of body.matchAll(/<a[^>]*href="#([^"]+)"/g)) {
      expect(body).toContain(`id="${id}"`)
    }
  })

  it('ロゴとトップ画像を、代替テキストと大きさ付きで表示すること（トップ画像は優先して読む）', async () => {
    const { body } = await get(pamphletPath(groupA))
    const images = [...body.matchAll(/<img\b[^>]*>/g)].map((match) => match[0])
    expect(images).toHaveLength(2)
    expect(images[0]).toMatch(/src="\/api\/groupImages\/[0-9a-f]{32}"/)
    expect(images[0]).toContain('alt="さくら電機株式会社 従業員団体保険"')
    expect(images[0]).toContain('width="224"')
    expect(images[0]).toContain('height="48"')
    expect(images[1]).toMatch(/src="\/api\/groupImages\/[0-9a-f]{32}"/)
    expect(images[1]).toContain(
      'alt="桜の花をあしらった、さくら電機株式会社 従業員団体保険のイメージ画像"',
    )
    expect(images[1]).toContain('width="1200"')
    expect(images[1]).toContain('height="400"')
    expect(images[1]).toContain('fetchpriority="high"')
    const src = /src="([^"]+)"/.exec(images[1] ?? '')?.[1] ?? ''
    const image = await get(src)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/svg+xml')
  })

  it('テーマカラーを nonce 付きの style で設定し、CSP の style-src に同じ nonce を加えること', async () => {
    const first = await get(pamphletPath(groupA))
    const second = await get(pamphletPath(groupA))
    const nonce = /<style nonce="([^"]+)">/.exec(first.body)?.[1] ?? ''
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const style = /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(first.body)?.[1] ?? ''
    expect(style.replace(/\s+/g, '')).toBe(
      ':root{--theme-color:#a8284f;--theme-on-color:#ffffff;--theme-tint:#f8eef1;}',
    )
    expect(first.body).toContain('<meta name="theme-color" content="#a8284f" />')
    expect(first.headers['content-security-policy']).toBe(
      contentSecurityPolicy(testConfig(), { styleNonce: nonce }),
    )
    expect(first.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}';`)
    expect(first.headers['content-security-policy']).not.toContain('unsafe-inline')
    // a fresh nonce per response, the rest of the page the same
    const secondNonce = /<style nonce="([^"]+)">/.exec(second.body)?.[1] ?? ''
    expect(secondNonce).not.toBe(nonce)
    expect(second.body.replace(secondNonce, nonce)).toBe(first.body)
  })

  it('既定の CSP は変わらず、nonce はパンフレットの応答だけに付くこと', async () => {
    const expected =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'"
    expect(contentSecurityPolicy(testConfig())).toBe(expected)
    expect((await get('/healthz')).headers['content-security-policy']).toBe(expected)
    expect((await get('/app/pamphlet/G1/2026/1/x')).headers['content-security-policy']).toBe(
      expected,
    )
  })

  it('gzip を受け付けるブラウザには圧縮して返すこと', async () => {
    const response = await get(pamphletPath(groupC), { 'accept-encoding': 'gzip' })
    expect(response.headers['content-encoding']).toBe('gzip')
    const html = gunzipSync(response.rawPayload).toString('utf8')
    expect(textsOf(html, 'h1')).toEqual(['日本ソフトウェア技術者協会 会員団体保険'])
    expect(response.rawPayload.length).toBeLessThan(html.length / 4)
  })

  it('末尾にスラッシュがあっても同じページを返すこと（SPA へ回すと行き来が続くため）', async () => {
    const response = await get(`${pamphletPath(groupA)}/`)
    expect(response.statusCode).toBe(200)
    expect(textsOf(response.body, 'h1')).toEqual(['さくら電機株式会社 従業員団体保険'])
  })
})

describe('お申し込みのリンク（SPEC §4 募集期間、§8.4）', () => {
  it('A（一括募集の期間内）: 「お申し込みはこちら」を上と下に出し、利用規約へリンクすること', async () => {
    const { body } = await get(pamphletPath(groupA))
    const href = '/app/ent/G100001/202701/00001/Kx7pR2mQ9a/termsOfService'
    const links = [...body.matchAll(/<a\b[^>]*href="\/app\/ent\/[^"]*"[^>]*>([\s\S]*?)<\/a/g)]
    expect(links.map((link) => textOf(link[1] ?? ''))).toEqual([
      'お申し込みはこちら',
      'お申し込みはこちら',
    ])
    expect(count(body, `href="${href}"`)).toBe(2)
    const text = mainText(body)
    expect(count(text, '一括募集の受付中')).toBe(2)
    expect(text).toContain(
      '2026年12月10日まで、一括募集でお申し込みを受け付けています。いまお申し込みいただくと、補償は2027年1月1日 午前0時から始まります。',
    )
    expect(textsOf(body, 'caption').slice(0, 2)).toEqual(['一括募集 受付中', '中途加入'])
    expect(text).toContain(
      '受付期間 2026年11月10日〜2026年12月10日 補償の開始 2027年1月1日 午前0時',
    )
    expect(text).toContain('受付期間 2027年1月1日〜2027年9月30日 補償の開始 2027年2月1日')
    expect(text).toContain('保険期間 2027年1月1日 午前0時から2027年12月31日 午後4時まで')
    expect(text).not.toContain(t('pamphlet.apply.closed.message'))
  })

  it('B（中途募集の期間内）: 「中途加入のお申し込みはこちら」と中途加入の始期日を示すこと', async () => {
    const { body } = await get(pamphletPath(groupB))
    const href = '/app/ent/G200002/202609/00010/Ht4wN8vL3c/termsOfService'
    const links = [...body.matchAll(/<a\b[^>]*href="\/app\/ent\/[^"]*"[^>]*>([\s\S]*?)<\/a/g)]
    expect(links.map((link) => textOf(link[1] ?? ''))).toEqual([
      '中途加入のお申し込みはこちら',
      '中途加入のお申し込みはこちら',
    ])
    expect(count(body, `href="${href}"`)).toBe(2)
    const text = mainText(body)
    expect(count(text, '中途加入の受付中')).toBe(2)
    expect(text).toContain(
      '2026年11月30日まで、中途加入のお申し込みを受け付けています。いまお申し込みいただくと、補償は2026年12月1日から始まります。',
    )
    expect(textsOf(body, 'caption').slice(0, 2)).toEqual(['一括募集', '中途加入 受付中'])
    expect(text).toContain('受付期間 2026年7月18日〜2026年8月17日 補償の開始 2026年9月1日 午後4時')
    expect(text).toContain('受付期間 2026年11月1日〜2026年11月30日 補償の開始 2026年12月1日')
  })

  it('C（募集期間外）: お申し込みのリンクを出さず、§8.4 の文言と募集期間を示すこと', async () => {
    const { body } = await get(pamphletPath(groupC))
    expect(body).not.toContain('/app/ent/')
    expect(body).not.toContain('お申し込みはこちら')
    const text = mainText(body)
    expect(count(text, '現在、お申し込みを受け付けていません。募集期間をご確認ください。')).toBe(2)
    expect(count(text, '募集期間外')).toBe(2)
    expect(text).not.toContain('受付中')
    expect(textsOf(body, 'caption').slice(0, 2)).toEqual(['一括募集', '中途加入'])
    expect(text).toContain('受付期間 2026年6月12日〜2026年7月12日 補償の開始 2026年8月1日 午後4時')
    expect(text).toContain('受付期間 2026年8月1日〜2026年9月30日 補償の開始 2026年10月1日')
    expect(text).toContain('保険期間 2026年8月1日 午後4時から2027年8月1日 午後4時まで')
    expect(body).toMatch(/<a href="#apply"[^>]*>\s*募集期間を確認する<\/a/)
  })
})

describe('団体の情報の各ブロック（SPEC §3.3, §3.4）', () => {
  it('A: お知らせ（日付・タイトル・本文）とその他のお知らせ', async () => {
    const { body } = await get(pamphletPath(groupA))
    expect(body).toContain('<time datetime="2026-11-10">2026年11月10日</time>')
    expect(body).toContain('<time datetime="2026-11-03">2026年11月3日</time>')
    expect(textsOf(body, 'h3').slice(0, 3)).toEqual([
      '募集期間',
      '一斉加入の受付を開始しました',
      'パンフレットと重要事項説明書を掲載しました',
    ])
    expect(body).toContain('<strong>2026年11月10日から2026年12月10日まで</strong>')
    expect(body).toContain(
      '<a href="https://www.example.jp/sakura-denki/pamphlet" rel="noopener noreferrer">パンフレット</a>',
    )
    expect(body).toContain('<strong>「契約概要」と「注意喚起情報」</strong>')
    expect(mainText(body)).toContain(
      'その他のお知らせ お申し込みの前に、「契約概要」と「注意喚起情報」を必ずお読みください。 ご不明な点は、取扱代理店の株式会社さくらビジネスサービスまでお問い合わせください。',
    )
  })

  it('A: 特長3つ、保険料の例、事故の例（支払額つき）', async () => {
    const { body } = await get(pamphletPath(groupA))
    const text = mainText(body)
    for (const title of [
      '団体契約ならではの割安な保険料',
      'お手続きもお支払いもWebで完結',
      'ご家族もまとめて補償',
    ]) {
      expect(textsOf(body, 'h3')).toContain(title)
    }
    expect(text).toContain(
      'おひとりで加入する場合 月払 1,230円 Aプラン（本人のみ）に加入した場合の、月々の保険料です。',
    )
    expect(text).toContain('ご夫婦で加入する場合 月払 2,180円')
    expect(text).toContain('ご家族みなさまで加入する場合 月払 3,010円')
    expect(text).toContain('入院への備えを手厚くする場合 月払 2,010円')
    expect(text).toContain(
      '休日のサイクリング中に転倒し、手首を骨折 休日にサイクリングをしていたところ、段差で転倒して右手首を骨折しました。10日間入院し、退院後に20日間通院しました。 お支払いした保険金 110,000円',
    )
    expect(text).toContain('お子さまの自転車が歩行者と接触')
    expect(text).toContain('お支払いした保険金 1,850,000円')
    expect(text).toContain('旅行先でカメラを落として破損')
    expect(text).toContain('お支払いした保険金 52,000円')
  })

  it('A: 補償の概要は区分ごとの表（caption と行見出し）', async () => {
    const { body } = await get(pamphletPath(groupA))
    expect(textsOf(body, 'caption').slice(2)).toEqual([
      '傷害',
      '疾病',
      '賠償責任',
      '携行品',
      '各種サービス',
    ])
    const rowHeaders = [...body.matchAll(/<th\b[^>]*scope="row"[^>]*>([\s\S]*?)<\/th>/g)].map(
      (match) => textOf(match[1] ?? ''),
    )
    expect(rowHeaders.slice(4)).toEqual([
      '死亡・後遺障害',
      '入院',
      '通院',
      '疾病入院',
      '疾病手術',
      '入院一時金（特約）',
      '個人賠償責任（特約）',
      '示談交渉サービス',
      '携行品損害（特約）',
      '補償の対象外となる主なもの',
      '健康・医療相談',
      '介護相談',
    ])
    expect(mainText(body)).toContain(
      '通院 通院1日につき3,000円をお支払いします（90日分が限度です）。',
    )
  })

  it('A: よくあるご質問は details、お申し込みの流れは番号付きリスト', async () => {
    const { body } = await get(pamphletPath(groupA))
    expect(textsOf(body, 'summary')).toEqual([
      'Q 加入できるのはどのような人ですか。',
      'Q 初回登録IDとパスワードがわかりません。',
      'Q 補償はいつから始まりますか。',
      'Q 入院一時金特約の5万円型と10万円型を両方付けることはできますか。',
      'Q 利用できるクレジットカードを教えてください。',
      'Q 加入した内容を確認したいときはどうすればよいですか。',
    ])
    expect(count(body, '<details')).toBe(6)
    expect(mainText(body)).toContain(
      'A 一斉加入でお申し込みいただいた場合は、2027年1月1日午前0時から補償が始まります。',
    )
    const guides = /<ol\b[^>]*>([\s\S]*?)<\/ol>/.exec(body)?.[1] ?? ''
    expect(textsOf(guides, 'h3')).toEqual([
      'ステップ1 ご案内を確認する',
      'ステップ2 初回登録IDで本人確認をする',
      'ステップ3 メールアドレスを登録する',
      'ステップ4 加入内容を入力する',
      'ステップ5 保険料を支払う',
    ])
    expect(textOf(guides)).toContain(
      'クレジットカードの情報を入力すると、お申し込みは完了です。完了画面に表示されるマイページIDを控えておいてください。',
    )
  })

  it('A: 参照情報4ブロック（電話は tel:、メールは mailto:、URL は rel 付きのリンク）', async () => {
    const { body } = await get(pamphletPath(groupA))
    const reference = /<section\b[^>]*id="reference"[\s\S]*?<\/section>/.exec(body)?.[0] ?? ''
    expect(textsOf(reference, 'h3')).toEqual([
      'お問い合わせ先',
      '事故のご連絡',
      '引受保険会社',
      '重要事項のご案内',
    ])
    expect(textsOf(reference, 'h4')).toEqual([
      '取扱代理店',
      '事故受付センター（24時間365日受付）',
      'デモ損害保険株式会社',
      '契約概要・注意喚起情報',
    ])
    expect(reference).toMatch(/<a\s+href="tel:0120000101"[^>]*>0120-000-101<\/a\s*>/)
    expect(reference).toMatch(/<a\s+href="tel:0120000102"[^>]*>0120-000-102<\/a\s*>/)
    expect(reference).toMatch(/<a\s+href="tel:0300001101"[^>]*>03-0000-1101<\/a\s*>/)
    expect(reference).toMatch(
      /<a\s+href="mailto:hoken-sakura@example\.jp"[^>]*>hoken-sakura@example\.jp<\/a\s*>/,
    )
    expect(reference).toMatch(
      /<a\s+href="https:\/\/www\.example\.jp\/demo-sonpo\/"\s+rel="noopener noreferrer"[^>]*>https:\/\/www\.example\.jp\/demo-sonpo\/<\/a\s*>/,
    )
    expect(textOf(reference)).toContain(
      '契約概要・注意喚起情報 お申し込みの前に、補償内容や保険金をお支払いできない主な場合をご確認ください。 URL https://www.example.jp/sakura-denki/important PDFファイルでご覧いただけます。',
    )
    expect(textOf(reference)).toContain('受付時間：平日 9:00〜17:30（土日祝日・年末年始を除く）')
  })

  it('A: 事故の受付と取扱代理店の連絡先（支店の情報）', async () => {
    const { body } = await get(pamphletPath(groupA))
    const text = mainText(body)
    expect(text).toContain(
      '事故が起きたときは 事故が起きたときは、事故受付センター（0120-000-102、24時間365日受付）までご連絡ください。おけがの場合は、受診した医療機関の名称と通院した日をお控えください。',
    )
    expect(text).toContain(
      '取扱代理店 株式会社さくらビジネスサービス さくら電機グループの保険サービス部門が、ご加入の窓口を担当しています。',
    )
    expect(text).toContain(
      '引受保険会社 東京法人営業部 第一課 デモ損害保険株式会社 東京法人営業部 第一課 03-0000-1101',
    )
    expect(text).toContain(
      'お問い合わせ 株式会社さくらビジネスサービス 保険サービス課 0120-000-101（平日 9:00〜17:30）',
    )
    expect(text).toContain('事故のご連絡 事故受付センター 0120-000-102（24時間365日受付）')
    expect(body).toMatch(
      /<a\s+href="https:\/\/www\.example\.jp\/sakura-denki\/hoken"\s+rel="noopener noreferrer"[^>]*>https:\/\/www\.example\.jp\/sakura-denki\/hoken<\/a\s*>/,
    )
    expect(body).toContain(
      '<span class="whitespace-pre-wrap">代理店名：株式会社さくらビジネスサービス 保険サービス課\n電話：0120-000-101\n受付時間：平日 9:00〜17:30（土日祝日・年末年始を除く）\nメール：hoken-sakura@example.jp</span>',
    )
    expect(text).not.toContain('システム改修のお知らせ')
  })

  it('B: システム改修のお知らせ、年払の保険料、緑のテーマ、ホームページのない支店', async () => {
    const { body } = await get(pamphletPath(groupB))
    const text = mainText(body)
    expect(text).toContain(
      'システム改修のお知らせ 2026年11月27日の午前0時から午前6時まで、システム改修のため、お申し込み画面とマイページをご利用いただけません。',
    )
    expect(text).toContain('職員ご本人のみ加入する場合 年払 12,600円')
    expect(text).toContain('健康診断をきっかけに、がんが見つかった')
    expect(text).toContain('お支払いした保険金 1,000,000円')
    expect(textsOf(body, 'caption')).toContain('がん')
    expect(text).toContain('みどり市役所本庁舎の地下1階に窓口があります。')
    expect(text).not.toContain('取扱代理店のホームページ')
    expect(body).toMatch(/<a\s+href="mailto:jimukyoku-midori@example\.jp"/)
    const style = /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(body)?.[1] ?? ''
    expect(style.replace(/\s+/g, '')).toBe(
      ':root{--theme-color:#1e6b45;--theme-on-color:#ffffff;--theme-tint:#edf3f0;}',
    )
  })

  it('C: 団体の情報を表示すること', async () => {
    const { body } = await get(pamphletPath(groupC))
    const text = mainText(body)
    expect(textsOf(body, 'title')).toEqual([
      '日本ソフトウェア技術者協会 会員団体保険｜パンフレット',
    ])
    expect(text).toContain('今年度の募集を終了しました')
    expect(text).toContain('ノートパソコンの持ち歩きが多い場合 月払 2,050円')
    expect(text).toContain('お支払いした保険金 553,333円')
    expect(textsOf(body, 'caption')).toContain('所得補償')
    expect(text).toContain('Q 協会を退会した場合はどうなりますか。')
    expect(body).toMatch(
      /<a\s+href="https:\/\/www\.example\.jp\/jsea\/"\s+rel="noopener noreferrer"/,
    )
    expect(text).toContain('取扱代理店 株式会社エスイー保険サービス')
    expect(body).toContain('--theme-color: #1f4e8c;')
  })
})

describe('団体が入れた文字の安全性（issue #4 item 4）', () => {
  it('すべての表示項目をエスケープし、要素として解釈させないこと', async () => {
    const response = await get(markedPath)
    expect(response.statusCode).toBe(200)
    const body = response.body
    expect(body).not.toMatch(/<i>|<b>/)
    expect(textsOf(body, 'title')).toEqual([
      '<b>太字</b>団体 "引用" & \'単\'<i>groupName</i>｜パンフレット',
    ])
    expect(body).toContain(
      '<h1 class="mt-1 break-keep text-std-26B-150 text-solid-gray-900 md:text-std-36B-140">\n&lt;b&gt;太字&lt;/b&gt;団体 &quot;引用&quot; &amp; &#39;単&#39;&lt;i&gt;groupName&lt;/i&gt;\n</h1>',
    )
    expect(body).toContain(
      'content="&lt;b&gt;太字&lt;/b&gt;団体 &quot;引用&quot; &amp; &#39;単&#39;&lt;i&gt;groupName&lt;/i&gt;のパンフレットです。',
    )
    expect(body).toContain('alt="ロゴ&quot;&lt;i&gt;logoAlt&lt;/i&gt;"')
    expect(body).toContain('alt="トップ&quot;&lt;i&gt;topAlt&lt;/i&gt;"')
    const names = [
      ...[0, 1, 2, 3].flatMap((i) => [`premiumLabel${i}`, `premiumDescription${i}`, `unit${i}`]),
      'announcementTitle1',
      ...[0, 1, 2].flatMap((i) => [`featureTitle${i}`, `featureDescription${i}`]),
      ...[0, 1, 2].flatMap((i) => [`accidentTitle${i}`, `accidentDescription${i}`]),
      ...[0, 1, 2, 3, 4].map((i) => `category${i}`),
      'label0_0',
      'content0_0',
      'label4_1',
      'content4_1',
      ...[0, 1, 2, 3, 4, 5].flatMap((i) => [`question${i}`, `answer${i}`]),
      ...[0, 1, 2, 3, 4].flatMap((i) => [`guideTitle${i}`, `guideDescription${i}`]),
      'referenceTitle',
      'contentTitle',
      'contentText',
      'note',
      '0120',
      'accidentAcceptance',
      'systemRevisionNotice',
      'agentName',
      'sectionName',
      'contactRef',
      'accidentRef',
      'agentRefTitle',
      'agentRefOtherInfo',
      'sectionRefTitle',
      'sectionRefOtherInfo',
      'refFreeField',
    ]
    for (const name of names) {
      expect(body, name).toContain(`&lt;i&gt;${name}&lt;/i&gt;`)
    }
  })

  it('お知らせの悪意のある HTML は無害な文字として表示すること', async () => {
    const { body } = await get(markedPath)
    expect(body).not.toMatch(/<script|<img src=x|<svg onload|<iframe/i)
    expect(body).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i)
    expect(body).not.toMatch(/href="\s*javascript:/i)
    expect(body).toContain(
      '<p>本文&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;リンク</p>',
    )
    expect(body).toContain(
      '&lt;svg onload=alert(1)&gt;&lt;iframe src="https://evil.example/"&gt;&lt;/iframe&gt;',
    )
    // 団体が書いたとおりの文字で読めること
    expect(mainText(body)).toContain(
      '本文<script>alert(1)</script><img src=x onerror=alert(1)>リンク',
    )
    // 参照情報の javascript: の URL はリンクにならず、文字のまま
    expect(mainText(body)).toContain('javascript:alert(1)')
    // 電話番号に数字がなければリンクにしない
    expect(body).not.toContain('href="tel:"')
  })
})

describe('パンフレットのエラー（SPEC §2.6, §2.9, §8.1）', () => {
  it.each([
    ['URLキーの形式違い', '/app/pamphlet/G100001/202701/00001/short'],
    ['始期年月の形式違い', '/app/pamphlet/G100001/2027/00001/Kx7pR2mQ9a'],
    ['枝番の形式違い', '/app/pamphlet/G100001/202701/1/Kx7pR2mQ9a'],
    ['団体PFコードの形式違い', '/app/pamphlet/G-1/202701/00001/Kx7pR2mQ9a'],
  ])('%s は 400 のエラーページ（APFF0001）を返すこと', async (_name, url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    const text = mainText(response.body)
    expect(textsOf(response.body, 'h1')).toEqual(['エラー'])
    expect(text).toBe(
      `エラー ${t('errorScreen.notFound.description')} （エラーコード：APFF0001） お問い合わせ先 ${t('errorScreen.contactFallback')}`,
    )
    expect(textsOf(response.body, 'title')).toEqual(['エラー | 団体保険 Web加入・加入者マイページ'])
  })

  it.each([
    ['ない団体（APFA1001）', '/app/pamphlet/G999999/202701/00001/Kx7pR2mQ9a'],
    ['ない支店（APFA1002）', '/app/pamphlet/G100001/202701/00099/Kx7pR2mQ9a'],
    ['ないリンク（APFA1003）', '/app/pamphlet/G100001/202701/00001/Zz9Zz9Zz9Z'],
  ])('%s は 404 のエラーページで APFF0001 と表示すること', async (_name, url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(mainText(response.body)).toBe(
      `エラー ${t('errorScreen.notFound.description')} （エラーコード：APFF0001） お問い合わせ先 ${t('errorScreen.contactFallback')}`,
    )
    expect(response.body).not.toContain('<a class="app-button"')
    expect(response.body).toContain(`<link rel="stylesheet" href="${STYLESHEET}" />`)
  })

  it('メンテナンス中は 503 のメンテナンスページ（コードなし、ボタンなし、連絡先なし）を返すこと', async () => {
    const maintenanceApp = await createTestApp(database, {
      env: { WEB_DIST_DIR: webDistDir, MAINTENANCE_WINDOW: '09:00-11:00' },
    })
    try {
      const response = await maintenanceApp.inject({ method: 'GET', url: pamphletPath(groupA) })
      expect(response.statusCode).toBe(503)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['retry-after']).toBe('600')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(textsOf(response.body, 'h1')).toEqual(['メンテナンス中'])
      expect(mainText(response.body)).toBe(
        `メンテナンス中 ${t('errorScreen.maintenance.description')}`,
      )
      expect(response.body).not.toContain('エラーコード')
      expect(response.body).not.toContain('<a href="/app/myp/')
      // the API answers 503 from the same maintenance state
      const api = await maintenanceApp.inject({
        method: 'GET',
        url: '/api/groupPfInfo/',
        query: {
          groupPfCode: 'G100001',
          groupPfCodeInceptionDateYm: '202701',
          groupPfBranchNo: '00001',
          urlKey: 'Kx7pR2mQ9a',
        },
      })
      expect(api.statusCode).toBe(503)
    } finally {
      await maintenanceApp.close()
    }
  })
})
