import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { listAuditEntries } from '../audit/audit-repository.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { CORE_HEADER } from './core-csv.ts'
import { downloadBatchAgain, runCoreExport } from './core-export.ts'
import { exportProduct, seedAppliedApplications } from './export-test-support.ts'

// The export to the core policy system (issue #20 point 7, docs/core-export.md).

class Collect extends Writable {
  readonly chunks: Buffer[] = []
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.chunks.push(chunk)
    done()
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks)
  }
}

const cp932 = new TextDecoder('shift_jis', { fatal: true })

describe('export to the core policy system', () => {
  let database: DatabaseHandle
  const clock = manualClock()
  let seq = 0
  const code = () => `EXP${String((seq += 1)).padStart(5, '0')}`

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
  })
  afterAll(async () => {
    await database?.close()
  })

  async function exportNew(options: { encoding?: 'cp932' | 'utf8bom'; replace?: boolean } = {}) {
    const sink = new Collect()
    const result = await runCoreExport({
      db: database.db,
      clock,
      product: exportProduct,
      encoding: options.encoding ?? 'cp932',
      replace: options.replace ?? false,
      sink,
    })
    return { result, bytes: sink.bytes() }
  }

  it('被保険者ごとに 1 行、CP932・CRLF・RFC 4180 の引用で出力し、再ダウンロードで同じバイト列になること', async () => {
    const [withTwo, holderOnly] = await seedAppliedApplications(
      database.db,
      [
        {
          memberCode: code(),
          holder: { policyHolderAddressKanji: '東京都千代田区"丸の内",1\n2F' },
          insured: [
            {
              insrdNameKana: 'ヤマダ　ハナコ',
              insrdNameKanji: '山田　花子',
              insrdBirthDate: '19900102',
              insrdSex: '2',
              unit: 1,
            },
            {
              insrdNameKana: 'ヤマダ　イチロウ',
              insrdNameKanji: '山田　一郎',
              insrdBirthDate: '20150303',
              insrdSex: '1',
              unit: 2,
            },
          ],
        },
        { memberCode: code() },
      ],
      testNow,
    )
    const { result, bytes } = await exportNew()
    expect(result.ok).toBe(true)
    expect(result.applicationCount).toBe(2)
    expect(result.rowCount).toBe(3)
    const text = cp932.decode(bytes)
    expect(text.startsWith('申込ID(applicationId),団体PFコード(groupPfCode),')).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replaceAll('\r\n', '').includes('\r')).toBe(false)
    const header = text.slice(0, text.indexOf('\r\n'))
    expect(header.split(',')).toEqual(CORE_HEADER)
    // the quoted address holds a comma, quotes and a newline
    expect(text).toContain('"東京都千代田区""丸の内"",1\n2F"')
    const lines = text
      .split('\r\n')
      .slice(1, -1)
      .sort((a, b) => a.localeCompare(b))
    expect(lines).toHaveLength(3)
    const first = lines.find((line) => line.includes('山田　花子')) ?? ''
    expect(first.startsWith(`${withTwo},T000001,202612,00001,P`)).toBe(true)
    expect(first).toContain(',1,1,P1,1000,')
    expect(first).toContain(',ヤマダ　ハナコ,山田　花子,19900102,2,1350,1350')
    expect(first).toContain(',ヤマダ　タロウ,山田　太郎,19850415,1,1000001,')
    const holderRow = lines.find((line) => line.startsWith(holderOnly ?? '-')) ?? ''
    expect(holderRow).toContain(',2,,1,P1,1000,,,,,,1350,1350')
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(false)

    const again = new Collect()
    const repeat = await downloadBatchAgain({
      db: database.db,
      clock,
      batchId: result.batchId,
      sink: again,
    })
    expect(repeat?.sameAsRecorded).toBe(true)
    expect(again.bytes().equals(bytes)).toBe(true)

    // personal data left the system twice: both are in the audit log (ADR 0024), rows only
    const logged = await listAuditEntries(database.db, { recordId: result.batchId })
    expect(
      logged.map(({ action, actorKind, recordKind, details }) => ({
        action,
        actorKind,
        recordKind,
        details,
      })),
    ).toEqual(
      ['export.created', 'export.downloaded'].map((action) => ({
        action,
        actorKind: 'system',
        recordKind: 'exportBatch',
        details: { ...exportProduct, rowCount: 3 },
      })),
    )

    // incremental: nothing new gives an empty batch (the header only)
    const empty = await exportNew()
    expect(empty.result.rowCount).toBe(0)
    expect(cp932.decode(empty.bytes)).toBe(`${CORE_HEADER.join(',')}\r\n`)
  })

  it('次の出力は前回以降のお申し込みだけを出力し、UTF-8 では BOM を付けること', async () => {
    const [later] = await seedAppliedApplications(database.db, [{ memberCode: code() }], testNow)
    const { result, bytes } = await exportNew({ encoding: 'utf8bom' })
    expect(result.rowCount).toBe(1)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.split('\r\n')[1]?.startsWith(`${later},`)).toBe(true)
  })

  it('CP932 にない文字は行と列を報告して出力を中止し、--replace では 〓 に置き換えること', async () => {
    await seedAppliedApplications(
      database.db,
      [{ memberCode: code(), holder: { policyHolderNameKanji: '𠮷野　太郎' } }],
      testNow,
    )
    const failed = await exportNew()
    expect(failed.result.ok).toBe(false)
    expect(failed.result.unmappable).toEqual([
      { line: 2, column: 'policyHolderNameKanji', character: '𠮷', codePoint: 'U+20BB7' },
    ])
    // the failed batch was not kept: the application is taken by the next export
    const replaced = await exportNew({ replace: true })
    expect(replaced.result.ok).toBe(true)
    expect(replaced.result.rowCount).toBe(1)
    expect(replaced.result.unmappableCount).toBe(1)
    expect(cp932.decode(replaced.bytes)).toContain(',〓野　太郎,')
  })

  it('同時に 2 つ出力しても同じお申し込みを両方が出力しないこと', async () => {
    const seeded = await seedAppliedApplications(
      database.db,
      Array.from({ length: 1200 }, () => ({ memberCode: code() })),
      testNow,
    )
    const [a, b] = await Promise.all([exportNew(), exportNew()])
    const idsOf = (bytes: Buffer) =>
      cp932
        .decode(bytes)
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0])
    const ids = [...idsOf(a.bytes), ...idsOf(b.bytes)]
    expect(a.result.rowCount + b.result.rowCount).toBe(1200)
    expect(new Set(ids).size).toBe(1200)
    expect(new Set(ids)).toEqual(new Set(seeded))
  })
})
