import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { validateRules } from '@app/shared'
import { describe, expect, it } from 'vitest'
import { lookupAddress } from './address-lookup.ts'
import { townOfKenAll } from './ken-all-town.ts'

// 郵便番号から住所と読み (GET /address/, ADR 0020 jquery-jpostal-ja; SPEC §3.8, §8.4), against
// the real data of the package: a new version that changes an answer fails here.

const tokyo = { prefecture: '東京都', prefectureKana: 'トウキョウト' }

describe('郵便番号から住所と読み', () => {
  it.each([
    [
      '1000001',
      [{ ...tokyo, city: '千代田区', town: '千代田', cityKana: 'チヨダク', townKana: 'チヨダ' }],
    ],
    // KEN_ALL 町域「以下に掲載がない場合」: the code names the whole city
    [
      '0600000',
      [
        {
          prefecture: '北海道',
          city: '札幌市中央区',
          town: '',
          prefectureKana: 'ホッカイドウ',
          cityKana: 'サッポロシチュウオウク',
          townKana: '',
        },
      ],
    ],
    // KEN_ALL「大手町（次のビルを除く）」: the note is not part of the address
    [
      '1000004',
      [
        {
          ...tokyo,
          city: '千代田区',
          town: '大手町',
          cityKana: 'チヨダク',
          townKana: 'オオテマチ',
        },
      ],
    ],
    // 「小菅村の次に６６４番地以降がくる場合」: the street number follows the village
    [
      '4090211',
      [
        {
          prefecture: '山梨県',
          city: '北都留郡小菅村',
          town: '',
          prefectureKana: 'ヤマナシケン',
          cityKana: 'キタツルグンコスゲムラ',
          townKana: '',
        },
      ],
    ],
    // 「利島村一円」 is the whole village…
    ['1000301', [{ ...tokyo, city: '利島村', town: '', cityKana: 'トシマムラ', townKana: '' }]],
    // …but 一円 is also a place of its own
    [
      '5220317',
      [
        {
          prefecture: '滋賀県',
          city: '犬上郡多賀町',
          town: '一円',
          prefectureKana: 'シガケン',
          cityKana: 'イヌカミグンタガチョウ',
          townKana: 'イチエン',
        },
      ],
    ],
    // brackets inside a building's name stay; the reading's digits and brackets become full-width
    [
      '4506201',
      [
        {
          prefecture: '愛知県',
          city: '名古屋市中村区',
          town: '名駅ミッドランドスクエア（高層棟）１階',
          prefectureKana: 'アイチケン',
          cityKana: 'ナゴヤシナカムラク',
          townKana: 'メイエキミッドランドスクエア（コウソウトウ）１カイ',
        },
      ],
    ],
    [
      '0010010',
      [
        {
          prefecture: '北海道',
          city: '札幌市北区',
          town: '北十条西',
          prefectureKana: 'ホッカイドウ',
          cityKana: 'サッポロシキタク',
          townKana: 'キタ１０ジョウニシ',
        },
      ],
    ],
    // a large office's own code (事業所の個別番号) is not an area: not found, as before
    ['0018501', []],
    ['9999999', []],
  ])('%s は %j であること', async (zipCode, expected) => {
    expect(await lookupAddress(zipCode)).toEqual(expected)
  })

  it('町域が複数ある郵便番号は、そのすべてを読みとともに返すこと', async () => {
    const addresses = await lookupAddress('4520961')
    expect(addresses).toHaveLength(66)
    expect(addresses.slice(0, 2)).toEqual([
      {
        prefecture: '愛知県',
        city: '清須市',
        town: '春日明河原',
        prefectureKana: 'アイチケン',
        cityKana: 'キヨスシ',
        townKana: 'ハルヒアケガワラ',
      },
      {
        prefecture: '愛知県',
        city: '清須市',
        town: '春日一番割',
        prefectureKana: 'アイチケン',
        cityKana: 'キヨスシ',
        townKana: 'ハルヒイチバンワリ',
      },
    ])
  })

  it('同じ郵便番号を続けて引いても同じ答えを返すこと（読み込んだファイルを使い回す）', async () => {
    const [first, second] = await Promise.all([lookupAddress('1000001'), lookupAddress('1000001')])
    expect(second).toEqual(first)
    expect(await lookupAddress('1000001')).toEqual(first)
  })

  it('すべての住所が加入者情報の住所欄と住所（カナ）欄のルールを満たすこと', async () => {
    const folder = path.join(
      path.dirname(createRequire(import.meta.url).resolve('jquery-jpostal-ja/package.json')),
      'json',
    )
    const files = (await readdir(folder)).filter((name) => /^\d{3}\.json$/.test(name))
    expect(files).toHaveLength(1000)
    const failures: string[] = []
    let count = 0
    for (const name of files) {
      const text = await readFile(path.join(folder, name), 'utf8')
      const codes = new Set(Array.from(text.matchAll(/"_(\d{7})"/g), (match) => match[1] ?? ''))
      for (const code of codes) {
        for (const address of await lookupAddress(code)) {
          count += 1
          const kanji = `${address.prefecture}${address.city}${address.town}`
          const kana = [address.prefectureKana, address.cityKana, address.townKana].join('\u3000')
          // apply-info.ts: policyHolderAddressKanji and policyHolderAddressKana
          const failure =
            validateRules(['gaiji', 'onlyFull'], kanji) ?? validateRules(['onlyFullKatakana'], kana)
          if (failure !== undefined) failures.push(`${code} ${kanji} ${kana}: ${failure}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(count).toBe(124_128)
  })
})

describe('KEN_ALL の町域の表記', () => {
  it.each([
    ['千代田', 'ﾁﾖﾀﾞ', { town: '千代田', townKana: 'ﾁﾖﾀﾞ' }],
    ['以下に掲載がない場合', 'ｲｶﾆｹｲｻｲｶﾞﾅｲﾊﾞｱｲ', { town: '', townKana: '' }],
    ['大手町（次のビルを除く）', 'ｵｵﾃﾏﾁ(ﾂｷﾞﾉﾋﾞﾙｦﾉｿﾞｸ)', { town: '大手町', townKana: 'ｵｵﾃﾏﾁ' }],
    ['一ツ橋（１丁目）', 'ﾋﾄﾂﾊﾞｼ(1ﾁｮｳﾒ)', { town: '一ツ橋', townKana: 'ﾋﾄﾂﾊﾞｼ' }],
    [
      '霞が関霞が関ビル（地階・階層不明）',
      'ｶｽﾐｶﾞｾｷｶｽﾐｶﾞｾｷﾋﾞﾙ(ﾁｶｲ･ｶｲｿｳﾌﾒｲ)',
      { town: '霞が関霞が関ビル', townKana: 'ｶｽﾐｶﾞｾｷｶｽﾐｶﾞｾｷﾋﾞﾙ' },
    ],
    [
      '名駅ミッドランドスクエア（高層棟）１階',
      'ﾒｲｴｷﾐｯﾄﾞﾗﾝﾄﾞｽｸｴｱ(ｺｳｿｳﾄｳ)1ｶｲ',
      { town: '名駅ミッドランドスクエア（高層棟）１階', townKana: 'ﾒｲｴｷﾐｯﾄﾞﾗﾝﾄﾞｽｸｴｱ(ｺｳｿｳﾄｳ)1ｶｲ' },
    ],
    [
      '小菅村の次に６６４番地以降がくる場合',
      'ｺｽｹﾞﾑﾗﾉﾂｷﾞﾆ664ﾊﾞﾝﾁｲｺｳｶﾞｸﾙﾊﾞｱｲ',
      { town: '', townKana: '' },
    ],
    ['利島村一円', 'ﾄｼﾏﾑﾗｲﾁｴﾝ', { town: '', townKana: '' }],
    ['一円', 'ｲﾁｴﾝ', { town: '一円', townKana: 'ｲﾁｴﾝ' }],
    // a long note cut over two rows: the first row keeps the name, the second adds nothing
    [
      '葛巻（第４０地割「５７番地１２５、１７６を除く」～第４５',
      'ｸｽﾞﾏｷ(ﾀﾞｲ40ﾁﾜﾘ<57ﾊﾞﾝﾁ125､176ｦﾉｿﾞｸ>-ﾀﾞｲ45',
      { town: '葛巻', townKana: 'ｸｽﾞﾏｷ' },
    ],
    ['地割）', 'ﾁﾜﾘ)', undefined],
  ])('「%s」（%s）は %j とすること', (town, townKana, expected) => {
    expect(townOfKenAll(town, townKana)).toEqual(expected)
  })
})
