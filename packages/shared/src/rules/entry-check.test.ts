import { describe, it, expect } from 'vitest'
import {
  checkEntryParams,
  groupLoadFailure,
  type EntryArea,
  type EntryParams,
} from './entry-check.ts'

const valid = {
  groupPfCode: 'G1',
  urlKey: 'abcdEFGH12',
  groupPfCodeInceptionDateYm: '202601',
  groupPfBranchNo: '00001',
} satisfies EntryParams

const invalidUrl = { ok: false, status: 400, errorCode: 'APFF0001' }

describe('入口チェック（SPEC §2.6）', () => {
  it.each<[string, EntryArea, EntryParams]>([
    ['申込ですべてそろっている', 'ent', valid],
    ['パンフレットですべてそろっている', 'pamphlet', valid],
    ['マイページですべてそろっている', 'myp', valid],
    ['マイページで始期年月と枝番がない', 'myp', { groupPfCode: 'G1', urlKey: 'abcdEFGH12' }],
    [
      'マイページで始期年月だけがある',
      'myp',
      { groupPfCode: 'G1', urlKey: 'abcdEFGH12', groupPfCodeInceptionDateYm: '202601' },
    ],
    [
      'マイページで枝番だけがある',
      'myp',
      { groupPfCode: 'G1', urlKey: 'abcdEFGH12', groupPfBranchNo: '00001' },
    ],
    [
      'マイページで始期年月と枝番が空文字',
      'myp',
      {
        groupPfCode: 'G1',
        urlKey: 'abcdEFGH12',
        groupPfCodeInceptionDateYm: '',
        groupPfBranchNo: '',
      },
    ],
    ['団体PFコードが20文字', 'ent', { ...valid, groupPfCode: 'ABCDEFGHIJ0123456789' }],
  ])('%s場合は通ること', (_label, area, params) => {
    expect(checkEntryParams(area, params)).toEqual({ ok: true })
  })

  it.each<[string, EntryArea, EntryParams]>([
    ['団体PFコードがない', 'ent', { ...valid, groupPfCode: undefined }],
    ['団体PFコードが空文字', 'ent', { ...valid, groupPfCode: '' }],
    ['マイページで団体PFコードがない', 'myp', { urlKey: 'abcdEFGH12' }],
    ['団体PFコードが21文字', 'ent', { ...valid, groupPfCode: 'ABCDEFGHIJ01234567890' }],
    ['団体PFコードに記号がある', 'pamphlet', { ...valid, groupPfCode: 'G-1' }],
    ['URLキーがない', 'ent', { ...valid, urlKey: undefined }],
    ['マイページでURLキーがない', 'myp', { groupPfCode: 'G1' }],
    ['URLキーが9文字', 'ent', { ...valid, urlKey: 'abcdEFGH1' }],
    ['URLキーが11文字', 'myp', { ...valid, urlKey: 'abcdEFGH123' }],
    ['URLキーに記号がある', 'pamphlet', { ...valid, urlKey: 'abcd_FGH12' }],
    ['枝番が4桁', 'ent', { ...valid, groupPfBranchNo: '0001' }],
    ['マイページで枝番が数字でない', 'myp', { ...valid, groupPfBranchNo: '0000a' }],
    ['申込で枝番がない', 'ent', { ...valid, groupPfBranchNo: undefined }],
    ['パンフレットで枝番が空文字', 'pamphlet', { ...valid, groupPfBranchNo: '' }],
    ['申込で始期年月がない', 'ent', { ...valid, groupPfCodeInceptionDateYm: undefined }],
    [
      'パンフレットで始期年月がない',
      'pamphlet',
      { ...valid, groupPfCodeInceptionDateYm: undefined },
    ],
    ['申込で始期年月の月が13', 'ent', { ...valid, groupPfCodeInceptionDateYm: '202613' }],
    ['マイページで始期年月が5桁', 'myp', { ...valid, groupPfCodeInceptionDateYm: '20261' }],
  ])('%s場合は 400 APFF0001 になること', (_label, area, params) => {
    expect(checkEntryParams(area, params)).toEqual(invalidUrl)
  })
})

describe('団体情報の読み込み失敗（SPEC §8.1）', () => {
  it.each([
    [404, 'APFA1001', { status: 404, errorCode: 'APFF0001', entryChecked: false }],
    [404, 'APFA1002', { status: 404, errorCode: 'APFF0001', entryChecked: false }],
    [404, 'APFA1003', { status: 404, errorCode: 'APFF0001', entryChecked: false }],
    [400, 'APFA1003', { status: 400, errorCode: 'APFF0001', entryChecked: false }],
    [403, 'APFA2001', { status: 403, errorCode: 'APFA2001', entryChecked: true }],
    [500, 'E9999', { status: 500, errorCode: 'E9999', entryChecked: true }],
    [503, 'APFS0001', { status: 503, errorCode: 'APFS0001', entryChecked: true }],
    [500, undefined, { status: 500, errorCode: 'XPFF0001', entryChecked: true }],
  ])('ステータス %i・コード %s は %o になること', (status, errorCode, expected) => {
    expect(groupLoadFailure(status, errorCode)).toEqual(expected)
  })
})
