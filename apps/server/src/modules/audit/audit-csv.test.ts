import { describe, expect, it } from 'vitest'
import { auditCsvRow, csvCell, japanTime } from './audit-csv.ts'

// The audit log's CSV (issue #20 point 4): RFC 4180 quoting and the formula guard.

describe('監査ログのCSVのセル', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\r\nbreak', '"line\r\nbreak"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+81', "'+81"],
    ['-1', "'-1"],
    ['@user', "'@user"],
    ['=1,"x"', `"'=1,""x"""`],
    ['', ''],
  ])('「%s」は %s になること', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('日時を日本時間（+09:00）で書くこと', () => {
    expect(japanTime(new Date(Date.UTC(2026, 10, 20, 15, 30, 0, 5)))).toBe(
      '2026-11-21T00:30:00.005+09:00',
    )
  })

  it('1件を10列の1行（CRLF）にし、詳細をJSONで書くこと', () => {
    const row = auditCsvRow({
      seq: 7,
      at: new Date(Date.UTC(2026, 10, 20, 1, 0, 0)),
      actorKind: 'staff',
      actorId: 's-1',
      action: 'member.unlocked',
      recordKind: 'member',
      recordId: 'm-1',
      clientAddress: '127.0.0.1',
      reason: '電話で確認',
      details: { unlocked: 1 },
      prevHash: 'p',
      hash: 'h',
    })
    expect(row).toBe(
      '7,2026-11-20T10:00:00.000+09:00,staff,s-1,member.unlocked,member,m-1,127.0.0.1,電話で確認,"{""unlocked"":1}"\r\n',
    )
  })
})
