import { describe, expect, it } from 'vitest'
import { loadConfig, parseTrustProxy } from './env.ts'

describe('設定の読み込み', () => {
  it('何も指定しなければ組み込みDBと既定値で起動すること', () => {
    const config = loadConfig({})
    expect(config.databaseUrl).toBeUndefined()
    expect(config.port).toBe(3000)
    expect(config.dataDir).toMatch(/\/data$/)
    expect(config.maintenanceWindow).toBeUndefined()
    expect(config.appNow).toBeUndefined()
  })

  it('本番では日次メンテナンス 04:00-06:00 が既定になること (PRODUCT.md)', () => {
    const config = loadConfig({ NODE_ENV: 'production' })
    expect(config.maintenanceWindow).toEqual({ startMinute: 240, endMinute: 360 })
  })

  it('添付ファイルの置き場所は既定で DATA_DIR/files、FILES_DIR で変えられること', () => {
    expect(loadConfig({ DATA_DIR: '/srv/app-data' }).filesDir).toBe('/srv/app-data/files')
    expect(loadConfig({ DATA_DIR: '/srv/app-data', FILES_DIR: '/mnt/files' }).filesDir).toBe(
      '/mnt/files',
    )
    expect(loadConfig({}).filesDir).toMatch(/\/data\/files$/)
  })

  it('APP_NOW で時刻を固定できること', () => {
    expect(loadConfig({ APP_NOW: '2026-11-20T10:00:00+09:00' }).appNow?.toISOString()).toBe(
      '2026-11-20T01:00:00.000Z',
    )
  })

  it('誤った変数をすべて挙げて起動を止めること', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_NOW: 'tomorrow',
        MAINTENANCE_WINDOW: '4-6',
      }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*APP_NOW/)
    expect(() => loadConfig({ MAINTENANCE_WINDOW: '25:00-26:00' })).toThrow(/MAINTENANCE_WINDOW/)
  })

  it('空の値は未指定として扱うこと', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000)
  })

  describe('TRUST_PROXY（issue #17 の2）', () => {
    it('既定は信頼しない（X-Forwarded-For を読まない）こと', () => {
      expect(loadConfig({}).trustProxy).toBe(false)
      expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false)
    })

    it('プロキシの段数、またはプロキシのアドレスとCIDRを受け付けること', () => {
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.168.1.5',
        '::1',
      ])
      expect(parseTrustProxy('fd00::/8')).toEqual(['fd00::/8'])
    })

    it('true（どの送信元のヘッダーも信じる）や読めない値では起動を止めること', () => {
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would take/)
      expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/not: proxy\.local/)
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
      expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/at most 10 proxy hops/)
    })
  })

  describe('保存期間（issue #19 の4）', () => {
    it('既定値は個人情報保護方針のとおりで、ジョブはサーバーで1時間ごと、テストでは動かないこと', () => {
      expect(loadConfig({}).retention).toEqual({
        unfinishedApplicationDays: 90,
        usageRecordDays: 365,
        jobIntervalSeconds: 3600,
      })
      expect(loadConfig({ NODE_ENV: 'test' }).retention.jobIntervalSeconds).toBe(0)
    })

    it('期間と間隔を変えられること（0 はサーバーでは動かさない）', () => {
      expect(
        loadConfig({
          RETENTION_UNFINISHED_DAYS: '30',
          RETENTION_USAGE_DAYS: '730',
          RETENTION_JOB_INTERVAL_SECONDS: '0',
        }).retention,
      ).toEqual({ unfinishedApplicationDays: 30, usageRecordDays: 730, jobIntervalSeconds: 0 })
    })

    it('読めない値では起動を止めること', () => {
      expect(() => loadConfig({ RETENTION_UNFINISHED_DAYS: '0' })).toThrow(
        /RETENTION_UNFINISHED_DAYS/,
      )
      expect(() => loadConfig({ RETENTION_USAGE_DAYS: '1.5' })).toThrow(/RETENTION_USAGE_DAYS/)
      expect(() => loadConfig({ RETENTION_JOB_INTERVAL_SECONDS: '-1' })).toThrow(
        /RETENTION_JOB_INTERVAL_SECONDS/,
      )
    })
  })
})
