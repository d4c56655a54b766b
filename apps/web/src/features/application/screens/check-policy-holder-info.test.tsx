import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { applicationSteps } from '@app/shared/rules/application-steps'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse } from '@/test/http.ts'
import { testApplication } from '@/test/application.ts'
import { openStep, sent } from '../test-open-step.ts'

const FILE_ID = '0b7c6f9e-3d2a-4c1b-9e8f-1a2b3c4d5e6f'
const INSRD_ID = '5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b'

function entered(version = 9): ApplicationView {
  const base = testApplication(
    applicationSteps.filter(
      (step) =>
        step !== 'checkPolicyHolderInfo' &&
        step !== 'pamphletImportantNotes' &&
        step !== 'registerMaintenanceManager',
    ),
    {
      version,
      shape: {
        policyHolderDiv: '1',
        insuredUnitCount: 2,
        noticeItemCount: 1,
        docSlotCount: 1,
        coverageChosen: true,
      },
    },
  )
  const { applyInfo } = base
  return {
    ...base,
    applyInfo: {
      ...applyInfo,
      policyHolderInfo: {
        ...applyInfo.policyHolderInfo,
        policyHolderDiv: '1',
        policyHolderNameKana: 'ヤマダ　タロウ',
        policyHolderNameKanji: '山田　太郎',
        policyHolderBirthDate: '19900401',
        policyHolderSex: '1',
        policyHolderZipCd: '1000001',
        policyHolderAddressKanji: '東京都千代田区千代田１－１',
        policyHolderAddressKana: 'トウキョウトチヨダクチヨダ１－１',
        mobileTelNo: '090-1234-5678',
        itemAnswers: { WORKPLACE: '2', EMPLOYEE_NO: 'A12345' },
      },
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
      insrdInfoArray: [
        {
          insrdId: INSRD_ID,
          unit: 1,
          insrdNameKana: 'ヤマダ　ハナコ',
          insrdNameKanji: '山田　花子',
          insrdBirthDate: '19920515',
          insrdSex: '2',
          itemAnswers: { RELATION: '02' },
        },
      ],
      noticeMatterInfo: { answers: { NOTICE_1: '2' } },
      requiredDocsInfo: {
        file1Array: [
          {
            fileId: FILE_ID,
            fileName: '会員証.pdf',
            size: 1024,
            uploadedAt: '2026-11-20T01:00:00.000Z',
          },
        ],
        file2Array: null,
        file3Array: null,
      },
    },
  }
}

const valueOf = (section: HTMLElement, term: string) =>
  within(section)
    .getAllByRole('term')
    .find((element) => element.textContent === term)?.nextElementSibling?.textContent

const sectionOf = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement

afterEach(() => {
  vi.restoreAllMocks()
})

describe('お申し込み内容の確認（checkPolicyHolderInfo）', () => {
  it('入力した内容を項目ごとに、選択肢の名前や日付の書き方を整えて表示すること', async () => {
    await openStep('checkPolicyHolderInfo', {
      views: [entered()],
      now: () => Date.parse('2026-11-28T10:00:00+09:00'),
    })
    await screen.findByRole('button', { name: '重要事項の確認へ進む' })

    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      '加入者区分',
      '補償内容',
      '契約者情報',
      '被保険者',
      '告知事項',
      '必要書類',
      '保険期間',
    ])
    const coverage = sectionOf('補償内容')
    expect(valueOf(coverage, 'プラン')).toBe('Aプラン　1,200円（1名あたり・月額）')
    expect(valueOf(coverage, '契約タイプ')).toBe('オプションを付ける')
    expect(valueOf(coverage, 'オプション')).toBe('携行品オプション　300円（1名あたり・月額）')
    expect(valueOf(coverage, '合計保険料（月額）')).toBe('1,500円')
    // issue #24 point 2: a monthly card product says its schedule before it is paid (§3.3
    // pymntCount 12; no closingDay: the coverage start's day)
    expect(valueOf(coverage, 'お支払い予定')).toBe(
      '初回 1,500円（2027年1月分）、以降毎月1日に 1,500円（2027年12月分まで）',
    )

    const holder = sectionOf('契約者情報')
    expect(
      within(holder)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      '氏名（カナ）',
      '氏名',
      '生年月日',
      '性別',
      '郵便番号',
      '住所',
      '住所（カナ）',
      '自宅電話番号',
      '携帯電話番号',
      'FAX番号',
      '他の保険契約の有無',
      '勤務地',
      '社員番号',
    ])
    expect(valueOf(holder, '生年月日')).toBe('1990年4月1日')
    expect(valueOf(holder, '性別')).toBe('男性')
    expect(valueOf(holder, '郵便番号')).toBe('100-0001')
    expect(valueOf(holder, '自宅電話番号')).toBe('未入力')
    expect(valueOf(holder, '他の保険契約の有無')).toBe('なし')
    expect(valueOf(holder, '勤務地')).toBe('支店')

    const insured = sectionOf('被保険者')
    expect(
      within(insured)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Aプラン', '携行品オプション'])
    expect(valueOf(insured, '氏名')).toBe('山田　花子')
    expect(valueOf(insured, '生年月日')).toBe('1992年5月15日')
    expect(valueOf(insured, '続柄')).toBe('配偶者')
    expect(within(insured).getByText('被保険者が登録されていません。')).toBeTruthy()

    expect(valueOf(sectionOf('告知事項'), '過去1年以内に入院したことがありますか。')).toBe('いいえ')
    const period = sectionOf('保険期間')
    expect(valueOf(period, '補償開始日時')).toBe('2027年1月1日 0時00分')
    expect(valueOf(period, '補償終了日時')).toBe('2027年12月31日 16時00分')
  })

  it('振込の月払は、2回目以降を締日までに振り込む予定を示すこと（ADR 0039）', async () => {
    const byTransfer = entered()
    byTransfer.applyInfo.basicInfo.pymntMethod = '3'
    await openStep('checkPolicyHolderInfo', {
      views: [byTransfer],
      now: () => Date.parse('2026-11-28T10:00:00+09:00'),
    })
    await screen.findByRole('button', { name: '重要事項の確認へ進む' })
    // no closingDay: the coverage start's day (the 1st); February's is due by 2027-01-01
    expect(valueOf(sectionOf('補償内容'), 'お支払い予定')).toBe(
      '初回 1,500円（2027年1月分）、以降毎月1日までに 1,500円をお振込み（2027年12月分まで）',
    )
  })

  it('団体扱（pymntMethod "4"）は、お支払い予定を示さないこと', async () => {
    const collected = entered()
    collected.applyInfo.basicInfo.pymntMethod = '4'
    await openStep('checkPolicyHolderInfo', {
      views: [collected],
      now: () => Date.parse('2026-11-28T10:00:00+09:00'),
    })
    await screen.findByRole('button', { name: '重要事項の確認へ進む' })
    expect(valueOf(sectionOf('補償内容'), 'お支払い予定')).toBeUndefined()
  })

  it('項目ごとの「変更する」は、項目の名前を含む名前でその手順へ戻るリンクであること', async () => {
    const user = userEvent.setup()
    const { router } = await openStep('checkPolicyHolderInfo', { views: [entered()] })
    await screen.findByRole('button', { name: '重要事項の確認へ進む' })

    expect(
      screen
        .getAllByRole('link', { name: /を変更する$/ })
        .map((link) => [
          link.getAttribute('aria-label'),
          link.textContent,
          link.getAttribute('href')?.split('/').pop(),
        ]),
    ).toEqual([
      ['加入者区分を変更する', '変更する', 'selectPolicyHolderDiv'],
      ['補償内容を変更する', '変更する', 'selectCategory'],
      ['契約者情報を変更する', '変更する', 'inputPolicyHolderInfo'],
      ['被保険者を変更する', '変更する', 'registerInsuredInfo'],
      ['告知事項を変更する', '変更する', 'noticeMatters'],
      ['必要書類を変更する', '変更する', 'noticeMattersDoc'],
    ])

    await user.click(screen.getByRole('link', { name: '補償内容を変更する' }))
    expect(await screen.findByRole('heading', { level: 1, name: '加入区分の選択' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/selectCategory`)
  })

  // Issue #23 point 16: the file is sent as an attachment, so the button downloads it in place
  // and says so, instead of opening a tab that would hold nothing but a download.
  it('添付したファイルは、発行した署名付きURLからその場でダウンロードし、新しいタブは開かないこと', async () => {
    const user = userEvent.setup()
    const open = vi.spyOn(window, 'open')
    const clicked: { href: string; download: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download })
    })
    const { requests } = await openStep('checkPolicyHolderInfo', {
      views: [entered()],
      respond: () =>
        jsonResponse(200, {
          downloadUrl: '/api/files/download/token-1',
          expiresAt: '2026-11-20T01:05:00.000Z',
        }),
    })

    const fileButton = await screen.findByRole('button', { name: '会員証.pdfをダウンロードする' })
    expect(fileButton.textContent).not.toContain('新しいタブ')
    await user.click(fileButton)

    await waitFor(() =>
      expect(clicked).toEqual([{ href: '/api/files/download/token-1', download: '会員証.pdf' }]),
    )
    expect(open).not.toHaveBeenCalled()
    expect(sent(requests)).toEqual([
      { method: 'POST', url: '/api/downloadPresigned/', body: { fileId: FILE_ID } },
    ])
    click.mockRestore()
  })

  it('「重要事項の確認へ進む」で確認を保存し、重要事項のご確認へ移ること', async () => {
    const user = userEvent.setup()
    const confirmed = testApplication(
      applicationSteps.filter((step) => step !== 'pamphletImportantNotes'),
      { version: 10 },
    )
    const { router, requests } = await openStep('checkPolicyHolderInfo', {
      views: [entered(), confirmed],
      respond: () => jsonResponse(200, confirmed),
    })

    await user.click(await screen.findByRole('button', { name: '重要事項の確認へ進む' }))

    expect(await screen.findByRole('heading', { level: 1, name: '重要事項のご確認' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/pamphletImportantNotes`)
    expect(sent(requests)).toEqual([
      { method: 'PUT', url: '/api/applyInfo/checkPolicyHolderInfo', body: { version: 9 } },
    ])
  })
})
