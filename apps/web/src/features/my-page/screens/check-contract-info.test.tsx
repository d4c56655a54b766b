import { t } from '@app/shared/messages/t'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client.ts'
import { contractInfo, myPageLink, mypPath, openMyPage } from '@/test/my-page.ts'

const section = (name: string) => within(screen.getByRole('region', { name }))

function openContract(options: Parameters<typeof openMyPage>[1] = {}) {
  return openMyPage('checkContractInfo', {
    signedIn: true,
    search: '?groupPfCodeInceptionDateYm=202604',
    ...options,
  })
}

describe('ご契約内容の確認（SPEC §2.2, §8.4 "The contract for the specified coverage period")', () => {
  it('クエリの保険期間で GET /policyHolderInfo/contract/ を読み、概要・補償・契約者・被保険者・保険期間を示すこと', async () => {
    const { services } = await openContract()

    expect(await screen.findByRole('region', { name: 'ご契約の概要' })).toBeTruthy()
    expect(services.getCalls).toContainEqual({
      path: '/policyHolderInfo/contract/',
      query: { ...myPageLink, groupPfCodeInceptionDateYm: '202604' },
    })
    expect(screen.getByText('保険期間 2026年4月1日〜2027年3月31日 のご契約内容です。')).toBeTruthy()
    expect(
      section('ご契約の概要')
        .getAllByRole('definition')
        .map((item) => item.textContent),
    ).toEqual([
      'さくら商事 団体総合保険',
      'P000123',
      'お申し込み済み・お支払い済み',
      '12,500円',
      'クレジットカード',
      '2026年3月15日',
    ])
    expect(
      section('補償内容')
        .getAllByRole('definition')
        .map((item) => item.textContent),
    ).toEqual([
      '基本プラン　10,000円（1名あたり・月額）',
      'オプションを付ける',
      '携行品オプション　2,500円（1名あたり・月額）',
      '12,500円',
    ])
    const holder = section('契約者情報')
    expect(holder.getByText('山田 太郎')).toBeTruthy()
    expect(holder.getByText('1980年1月15日')).toBeTruthy()
    expect(holder.getByText('100-0001')).toBeTruthy()
    const insured = section('被保険者')
    expect(insured.getByRole('heading', { level: 3, name: '基本プラン' })).toBeTruthy()
    expect(insured.getAllByRole('heading', { level: 4 }).map((item) => item.textContent)).toEqual([
      '1人目',
      '2人目',
    ])
    expect(insured.getByText('山田 花子')).toBeTruthy()
    expect(
      section('保険期間')
        .getAllByRole('definition')
        .map((item) => item.textContent),
    ).toEqual(['2026年4月1日 0時00分', '2027年3月31日 16時00分'])
  })

  // Issue #23 point 22: each insured person's 続柄 and 職業, and the policy holder's group items,
  // as the confirmation screen showed them.
  it('契約者の団体の項目と、被保険者ごとの続柄・職業を、選んだ選択肢の名前で示すこと', async () => {
    await openContract()
    await screen.findByRole('region', { name: 'ご契約の概要' })

    const holder = section('契約者情報')
    expect(holder.getByText('社員番号')).toBeTruthy()
    expect(holder.getByText('E12345')).toBeTruthy()
    const insured = section('被保険者')
    const rowsOf = (label: string) =>
      insured
        .getAllByText(label, { selector: 'dt' })
        .map((term) => term.nextElementSibling?.textContent)
    expect(rowsOf('続柄')).toEqual(['本人', '配偶者'])
    expect(rowsOf('職業')).toEqual(['会社員', '主婦・主夫'])
  })

  it('APFH0001 なら「指定された保険期間のご契約は表示できません。」とホームへの道を示すこと', async () => {
    const user = userEvent.setup()
    const { router } = await openContract({
      handlers: {
        '/policyHolderInfo/contract/': () => {
          throw new ApiError(404, { errorCode: 'APFH0001' })
        },
      },
    })

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('指定された保険期間のご契約は表示できません。')
    expect(t('error.APFH0001')).toBe('指定された保険期間のご契約は表示できません。')
    await user.click(screen.getByRole('link', { name: 'ホームへ戻る' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('home'))
  })

  it('保険期間のない（形の違う）クエリは、問い合わせずに同じメッセージを示すこと', async () => {
    const { services } = await openContract({ search: '?groupPfCodeInceptionDateYm=2026' })

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFH0001'))
    expect(services.getCalls.map((call) => call.path)).not.toContain('/policyHolderInfo/contract/')
  })

  it('マイページのセッションがなければ、ログインへ移ること', async () => {
    const { router } = await openContract({ signedIn: false })

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })

  it('カードで毎月払う契約は、支払予定・登録カード・各回の状況を表で示すこと（issue #24）', async () => {
    await openContract({
      handlers: {
        '/policyHolderInfo/contract/': () => ({
          ...contractInfo(),
          premiumPayments: {
            method: 'card',
            planText: '初回 2,280円（2026年4月分）、以降毎月26日に 2,280円（2027年3月分まで）',
            card: { brand: 'visa', last4: '4242', expiryMonth: '08', expiryYear: '2029' },
            instalments: [
              {
                seq: 1,
                coversMonth: '202604',
                dueDate: '20260315',
                amount: 2280,
                status: 'paid',
                isRetry: false,
                transferAccount: null,
              },
              {
                seq: 2,
                coversMonth: '202605',
                dueDate: '20260429',
                amount: 2280,
                status: 'due',
                isRetry: true,
                transferAccount: null,
              },
              {
                seq: 3,
                coversMonth: '202606',
                dueDate: '20260526',
                amount: 2280,
                status: 'due',
                isRetry: false,
                transferAccount: null,
              },
              {
                seq: 4,
                coversMonth: '202607',
                dueDate: '20260626',
                amount: 2280,
                status: 'failed',
                isRetry: false,
                transferAccount: null,
              },
            ],
          },
        }),
      },
    })

    const payments = await screen.findByRole('region', {
      name: '保険料のお支払い（クレジットカード）',
    })
    const rows = within(payments)
    expect(rows.getAllByRole('definition').map((item) => item.textContent)).toEqual([
      '初回 2,280円（2026年4月分）、以降毎月26日に 2,280円（2027年3月分まで）',
      'Visa 末尾 4242（有効期限 08/2029）',
    ])
    const table = rows.getByRole('table', { name: '各回のお支払い状況' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['回', '対象月', 'お支払い日', '保険料', '状況'])
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['1', '2026年4月', '2026年3月15日', '2,280円', 'お支払い済み'],
      [
        '2',
        '2026年5月',
        '2026年4月29日',
        '2,280円',
        'お支払いできませんでした（2026年4月29日に再度お手続きします）',
      ],
      ['3', '2026年6月', '2026年5月26日', '2,280円', 'お支払い予定'],
      ['4', '2026年7月', '2026年6月26日', '2,280円', 'お支払いできませんでした'],
    ])
    // a refused month: the way out, to this contract's card change (issue #24 point 4)
    expect(
      rows.getByText(
        'お支払いできなかった月があります。カードを変更いただくと、新しいカードで改めてお支払い手続きします。',
      ),
    ).toBeTruthy()
    expect(rows.queryByRole('heading', { level: 3 })).toBeNull()
    expect(rows.getByRole('link', { name: 'お支払いカードを変更する' }).getAttribute('href')).toBe(
      `${mypPath('changeCard')}?groupPfCodeInceptionDateYm=202604`,
    )
  })

  // ADR 0039: each later month of a transfer-paid contract has its own account, mailed before it
  it('振込で毎月払う契約は、お振込期日と各回の入金状況、未入金の回のお振込先を示し、カードの欄は出さないこと（issue #24）', async () => {
    const account = {
      bankName: 'さくら銀行',
      bankCode: '0009',
      branchName: 'ひまわり支店',
      branchCode: '201',
      accountType: '普通',
      accountNumber: '1234567',
      accountHolder: 'ダンタイホケン（カ',
      amount: 2280,
      paidAmount: 0,
      depositStatus: 'awaiting',
    }
    await openContract({
      handlers: {
        '/policyHolderInfo/contract/': () => ({
          ...contractInfo(),
          premiumPayments: {
            method: 'transfer',
            planText: '初回 2,280円（2026年4月分）、以降毎月26日までに 2,280円（2027年3月分まで）',
            card: null,
            instalments: [
              {
                seq: 1,
                coversMonth: '202604',
                dueDate: '20260315',
                amount: 2280,
                status: 'paid',
                isRetry: false,
                transferAccount: null,
              },
              {
                seq: 2,
                coversMonth: '202605',
                dueDate: '20260426',
                amount: 2280,
                status: 'failed',
                isRetry: false,
                transferAccount: {
                  ...account,
                  accountNumber: '7654321',
                  dueDate: '20260426',
                  paidAmount: 1000,
                  depositStatus: 'underpaid',
                },
              },
              {
                seq: 3,
                coversMonth: '202606',
                dueDate: '20260526',
                amount: 2280,
                status: 'invoiced',
                isRetry: false,
                transferAccount: { ...account, dueDate: '20260526' },
              },
              {
                seq: 4,
                coversMonth: '202607',
                dueDate: '20260626',
                amount: 2280,
                status: 'due',
                isRetry: false,
                transferAccount: null,
              },
            ],
          },
        }),
      },
    })

    const payments = await screen.findByRole('region', { name: '保険料のお支払い（お振込み）' })
    expect(
      screen.queryByRole('region', { name: '保険料のお支払い（クレジットカード）' }),
    ).toBeNull()
    const rows = within(payments)
    expect(rows.queryByText('ご登録のカード')).toBeNull()
    expect(rows.queryByRole('link', { name: 'お支払いカードを変更する' })).toBeNull()
    expect(
      rows.queryByText(
        'お支払いできなかった月があります。カードを変更いただくと、新しいカードで改めてお支払い手続きします。',
      ),
    ).toBeNull()
    const table = rows.getByRole('table', { name: '各回のお支払い状況' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['回', '対象月', 'お振込期日', '保険料', '状況'])
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['1', '2026年4月', '2026年3月15日', '2,280円', 'ご入金済み'],
      ['2', '2026年5月', '2026年4月26日', '2,280円', '未入金'],
      ['3', '2026年6月', '2026年5月26日', '2,280円', 'お振込み待ち'],
      ['4', '2026年7月', '2026年6月26日', '2,280円', 'お振込み予定'],
    ])
    expect(
      rows.getByText(
        '期日までにご入金を確認できなかった回があります。下記のお振込先へお振り込みいただくか、取扱代理店へお問い合わせください。',
      ),
    ).toBeTruthy()

    // one account per unpaid month, each under a heading of its month
    expect(rows.getAllByRole('heading', { level: 3 }).map((item) => item.textContent)).toEqual([
      '2026年5月分のお振込先',
      '2026年6月分のお振込先',
    ])
    const accountRows = (name: string) => {
      const block = rows.getByRole('heading', { level: 3, name }).parentElement
      if (block === null) throw new Error(`no block of ${name}`)
      return [...block.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ])
    }
    expect(accountRows('2026年6月分のお振込先')).toEqual([
      ['金融機関', 'さくら銀行（0009）'],
      ['支店', 'ひまわり支店（201）'],
      ['口座種別', '普通'],
      ['口座番号', '1234567'],
      ['口座名義', 'ダンタイホケン（カ'],
      ['お振込金額', '2,280円'],
      ['お振込期日', '2026年5月26日'],
    ])
    // part of it paid in: what has come so far
    expect(accountRows('2026年5月分のお振込先')).toEqual([
      ['金融機関', 'さくら銀行（0009）'],
      ['支店', 'ひまわり支店（201）'],
      ['口座種別', '普通'],
      ['口座番号', '7654321'],
      ['口座名義', 'ダンタイホケン（カ'],
      ['お振込金額', '2,280円'],
      ['お振込期日', '2026年4月26日'],
      ['ご入金額', '1,000円'],
    ])
  })

  it('分割払いのない契約には、保険料のお支払いの欄を出さないこと', async () => {
    await openContract()
    expect(await screen.findByRole('region', { name: 'ご契約の概要' })).toBeTruthy()
    expect(
      screen.queryByRole('region', { name: '保険料のお支払い（クレジットカード）' }),
    ).toBeNull()
  })
})
