import { describe, expect, it } from 'vitest'
import { completionMail, verificationMail, type CompletionMailInput } from './templates.ts'

const input = {
  groupName: 'テスト団体',
  link: 'https://dantai.example/app/ent/T000001/202612/00001/Test0Key01/verifyUser#token=abc&x=1',
  // 2026-11-20 11:00 JST: one hour after testNow (SPEC §9 "Verification mail link validity")
  expiresAt: new Date(Date.UTC(2026, 10, 20, 2, 0, 0)),
  agencyContact: 'テスト保険代理店\n電話 03-0000-0000（平日 9:00〜17:00）\n',
}

describe('メール文面 (PRODUCT.md "Messages")', () => {
  it('確認メールの件名・本文を日本語で組み立てること', () => {
    const mail = verificationMail(input)
    expect(mail.template).toBe('verification')
    expect(mail.subject).toBe('【テスト団体】メールアドレスの確認のお願い')
    expect(mail.textBody).toBe(
      [
        'このたびは、テスト団体の団体保険 Web加入手続きをご利用いただき、ありがとうございます。',
        '',
        'お手続きを続けるために、ご登録いただいたメールアドレスの確認をお願いしております。',
        '下記のリンクを開いてメールアドレスの確認を完了し、お手続きを続けてください。',
        '',
        input.link,
        '',
        '・リンクの有効期限：2026年11月20日 11時00分まで（送信から1時間）',
        '・リンクは1回だけご利用いただけます。',
        '・リンク先の画面では、お手続きの際に設定したパスワードを入力してください。',
        '',
        '有効期限が過ぎた場合は、お手数ですが、はじめからお手続きをやり直してください。',
        '',
        'このメールにお心当たりのない場合は、ほかの方が誤ってメールアドレスを入力した可能性があります。',
        'リンクは開かずに、このメールを破棄してください。',
        '',
        '■お問い合わせ先',
        'テスト保険代理店',
        '電話 03-0000-0000（平日 9:00〜17:00）',
        '',
        '----------------------------------------',
        '',
        'このメールは送信専用です。返信いただいてもお答えできません。',
        '',
      ].join('\n'),
    )
  })

  it('HTML 版は値をすべてエスケープし、リンクを <a> にすること', () => {
    const mail = verificationMail({
      ...input,
      groupName: '<b>団体</b>&"',
      agencyContact: '代理店<script>alert(1)</script>\n電話 03-0000-0000',
    })
    expect(mail.subject).toBe('【<b>団体</b>&"】メールアドレスの確認のお願い')
    const body = mail.htmlBody ?? ''
    expect(body).toContain('<html lang="ja">')
    expect(body).toContain(
      '<title>【&lt;b&gt;団体&lt;/b&gt;&amp;&quot;】メールアドレスの確認のお願い</title>',
    )
    expect(body).toContain(
      '<p>このたびは、&lt;b&gt;団体&lt;/b&gt;&amp;&quot;の団体保険 Web加入手続きをご利用いただき、ありがとうございます。</p>',
    )
    const escapedLink =
      'https://dantai.example/app/ent/T000001/202612/00001/Test0Key01/verifyUser#token=abc&amp;x=1'
    expect(body).toContain(`<p><a href="${escapedLink}">${escapedLink}</a></p>`)
    expect(body).toContain(
      '<li>リンクの有効期限：2026年11月20日 11時00分まで（送信から1時間）</li>',
    )
    expect(body).toContain(
      '<p>■お問い合わせ先<br />代理店&lt;script&gt;alert(1)&lt;/script&gt;<br />電話 03-0000-0000</p>',
    )
    expect(body).not.toContain('<script>')
    expect(body).not.toContain('<b>')
  })

  it('有効期限は日本時間で表示し、秒は切り捨てること', () => {
    // 2026-12-31 15:05:59 UTC = 2027-01-01 00:05:59 JST
    const mail = verificationMail({
      ...input,
      expiresAt: new Date(Date.UTC(2026, 11, 31, 15, 5, 59)),
    })
    expect(mail.textBody).toContain(
      '・リンクの有効期限：2027年1月1日 0時05分まで（送信から1時間）\n',
    )
  })

  it('リンク以外の URL スキームは HTML 版でリンクにしないこと', () => {
    const mail = verificationMail({ ...input, link: 'javascript:alert(1)' })
    expect(mail.htmlBody).toContain('<p><a href="#">javascript:alert(1)</a></p>')
  })

  it('お問い合わせ先が空なら、その欄を出さないこと', () => {
    const mail = verificationMail({ ...input, agencyContact: ' \n ' })
    expect(mail.textBody).not.toContain('■お問い合わせ先')
    expect(mail.htmlBody).not.toContain('■お問い合わせ先')
  })
})

const completion: CompletionMailInput = {
  groupName: 'テスト団体',
  groupPfPolicyHolderNo: '0123456789',
  myPage: {
    userId: 'ABCDEFGH23',
    url: 'https://dantai.example/app/myp/T000001/Test0Key01/login',
  },
  applicationDate: '20261120',
  invoiceAmount: 1350,
  pymntMethod: '1',
  pymntCount: 12,
  virtualAccount: null,
  payeeAccntInfo: null,
  agencyContact: 'テスト保険代理店\n電話 03-0000-0000（平日 9:00〜17:00）',
}

const account = {
  bankName: 'サンドボックス銀行',
  bankCode: '0999',
  branchName: 'サクラ支店',
  branchCode: '101',
  accountType: '普通',
  accountNumber: '1234567',
  accountHolder: 'サンドボックスペイ（カ）',
  amount: 1350,
  dueDate: '20261127',
}

describe('お申し込み完了のメール（issue #7）', () => {
  it('カード払いは加入者番号・マイページのID・金額・お支払い済みとマイページのURLを載せること', () => {
    const mail = completionMail(completion)
    expect(mail.template).toBe('completion')
    expect(mail.subject).toBe('【テスト団体】お申し込み完了のお知らせ')
    expect(mail.textBody).toBe(
      [
        'このたびは、テスト団体の団体保険にお申し込みいただき、ありがとうございます。',
        'お申し込みを受け付けましたので、内容をお知らせします。',
        '',
        '■お申し込みの内容',
        '',
        '・加入者番号：0123456789',
        '・マイページのID：ABCDEFGH23',
        '・お申込日：2026年11月20日',
        '・お支払い金額：1,350円',
        '・お支払い方法：クレジットカード（お支払い済み）',
        '',
        // issue #23 point 4: what the amount paid covers, and how the rest is paid
        '今回のお支払いは、初回（1か月分）の保険料です。2回目以降の保険料のお支払いについては、あらためてご案内します。',
        '',
        'マイページでは、ご契約の内容の確認などができます。',
        'ログインには、上記のマイページのIDと、お申し込みのときに設定したパスワードをお使いください。',
        '',
        'https://dantai.example/app/myp/T000001/Test0Key01/login',
        '',
        '加入者番号とマイページのIDは、大切に保管してください。',
        '',
        '■お問い合わせ先',
        'テスト保険代理店',
        '電話 03-0000-0000（平日 9:00〜17:00）',
        '',
        '----------------------------------------',
        '',
        'このメールは送信専用です。返信いただいてもお答えできません。',
        '',
      ].join('\n'),
    )
  })

  it('振込口座は金融機関・支店・口座番号・名義・金額・振込期日をすべて載せること', () => {
    const mail = completionMail({ ...completion, pymntMethod: '3', virtualAccount: account })
    expect(mail.textBody).toContain(
      [
        '・お支払い方法：銀行振込（専用の振込口座）',
        '',
        '今回のお支払いは、初回（1か月分）の保険料です。2回目以降の保険料のお支払いについては、あらためてご案内します。',
        '',
        '■お振込先',
        '',
        '・金融機関：サンドボックス銀行（金融機関コード 0999）',
        '・支店：サクラ支店（支店コード 101）',
        '・口座番号：普通 1234567',
        '・口座名義：サンドボックスペイ（カ）',
        '・お振込金額：1,350円',
        '・振込期日：2026年11月27日',
        '',
        '振込期日までに、上記の口座へお振り込みください。この口座は、お客さま専用の振込口座です。',
        '振込手数料はお客さまのご負担となります。',
      ].join('\n'),
    )
    expect(mail.textBody).not.toContain('お支払い済み')
    expect(mail.htmlBody).toContain('<li>口座番号：普通 1234567</li>')
  })

  it('団体扱は団体を通じた支払いを案内し、振込先の案内があれば載せること', () => {
    const mail = completionMail({
      ...completion,
      pymntMethod: '4',
      payeeAccntInfo: 'みどり銀行 本店営業部\n普通 7654321',
    })
    expect(mail.textBody).toContain('・お支払い方法：団体扱（ご所属の団体を通じてお支払い）\n')
    expect(mail.textBody).toContain(
      '保険料（月額）は、ご所属の団体を通じてお支払いいただきます。\nこのメールでのお振り込みのお願いはありません。\n',
    )
    expect(mail.textBody).toContain('■お振込先のご案内\nみどり銀行 本店営業部\n普通 7654321\n')
    expect(mail.textBody).not.toContain('■お振込先\n')
  })

  it('年1回払いの商品は、1年分の保険料でそれで全額であることを載せること（issue #23 の4）', () => {
    const mail = completionMail({ ...completion, pymntCount: 1 })
    expect(mail.textBody).toContain(
      '\n今回のお支払いは、1年分の保険料です。保険期間1年分の保険料は、これですべてです。\n',
    )
    expect(mail.textBody).not.toContain('2回目以降')
  })

  it('マイページを使わない団体（SPEC §6 加入者ページ利用区分 "2"）には、マイページのIDもリンクも載せないこと（issue #17 の14）', () => {
    const mail = completionMail({ ...completion, myPage: null })
    expect(mail.textBody).toContain('加入者番号：0123456789')
    expect(mail.textBody).not.toContain('マイページ')
    expect(mail.textBody).not.toContain('ABCDEFGH23')
    expect(mail.textBody).toContain('加入者番号は、大切に保管してください。')
  })

  it('HTML 版は値をエスケープし、お問い合わせ先が空なら出さないこと', () => {
    const mail = completionMail({
      ...completion,
      groupName: '<b>団体</b>',
      agencyContact: ' ',
      myPage: { userId: 'ABCDEFGH23', url: 'javascript:alert(1)' },
    })
    expect(mail.htmlBody).toContain(
      '<title>【&lt;b&gt;団体&lt;/b&gt;】お申し込み完了のお知らせ</title>',
    )
    expect(mail.htmlBody).toContain('<p><a href="#">javascript:alert(1)</a></p>')
    expect(mail.htmlBody).not.toContain('<b>')
    expect(mail.textBody).not.toContain('■お問い合わせ先')
  })
})
