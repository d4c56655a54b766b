import { describe, expect, it } from 'vitest'
import { loadConfig, parseTrustProxy } from './env.ts'
import { productionTestEnv } from '../test/helpers.ts'

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
    const config = loadConfig(productionTestEnv)
    expect(config.maintenanceWindow).toEqual({ startMinute: 240, endMinute: 360 })
  })

  describe('本番モードは危ない設定では起動しないこと（issue #19 の1）', () => {
    it('必要な設定がそろえば起動し、サンドボックスも API の文書も出さないこと', () => {
      const config = loadConfig(productionTestEnv)
      expect(config.isProduction).toBe(true)
      expect(config.payment.sandbox).toBe(false)
      expect(config.apiDocs).toBe(false)
      expect(loadConfig({ ...productionTestEnv, API_DOCS: 'on' }).apiDocs).toBe(true)
      expect(loadConfig({}).apiDocs).toBe(true)
    })

    it.each([
      ['DATABASE_URL', { DATABASE_URL: undefined }, 'PostgreSQL'],
      ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: undefined }, 'https'],
      ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'http://hoken.example.jp' }, 'must be https'],
      ['SMTP_URL', { SMTP_URL: undefined }, 'mail relay'],
      ['S3_BUCKET', { S3_BUCKET: undefined }, 'S3-compatible bucket'],
      ['PAYMENT_PROVIDER_URL', { PAYMENT_PROVIDER_URL: undefined }, 'payment provider'],
      ['PAYMENT_SECRET_KEY', { PAYMENT_SECRET_KEY: undefined }, 'payment provider'],
      ['PAYMENT_PUBLISHABLE_KEY', { PAYMENT_PUBLISHABLE_KEY: undefined }, 'payment provider'],
      ['PAYMENT_WEBHOOK_SECRET', { PAYMENT_WEBHOOK_SECRET: undefined }, 'payment provider'],
      ['SANDBOX_PAYMENT', { SANDBOX_PAYMENT: 'on' }, 'sandbox'],
      ['DEMO_DATA', { DEMO_DATA: 'on' }, 'demo data'],
      ['APP_NOW', { APP_NOW: '2026-11-20T10:00:00+09:00' }, 'clock'],
    ])(
      '%s（%o）は、その設定を日本語と英語の一行で名指しして止めること',
      (setting, change, english) => {
        const attempt = () => loadConfig({ ...productionTestEnv, ...change })
        expect(attempt).toThrow(/^Invalid configuration for production/)
        const lines = (() => {
          try {
            attempt()
            return []
          } catch (error) {
            return (error as Error).message.split('\n').slice(1)
          }
        })()
        expect(lines).toHaveLength(1)
        expect(lines[0]).toMatch(
          new RegExp(`^  ${setting}: [^/]*[ぁ-んァ-ン一-龥]+[^/]* / .*${english}`),
        )
      },
    )

    it('危ない設定をすべて一度に挙げること', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_PAYMENT: 'on' })).toThrow(
        /DATABASE_URL[\s\S]*PUBLIC_BASE_URL[\s\S]*SMTP_URL[\s\S]*PAYMENT_PROVIDER_URL[\s\S]*SANDBOX_PAYMENT/,
      )
    })

    it('安全な値（SANDBOX_PAYMENT=off、DEMO_DATA=off）は受け付けること', () => {
      const config = loadConfig({ ...productionTestEnv, SANDBOX_PAYMENT: 'off', DEMO_DATA: 'off' })
      expect(config.demoData).toBe('off')
    })
  })

  it('添付ファイルの置き場所は既定で DATA_DIR/files、FILES_DIR で変えられること', () => {
    expect(loadConfig({ DATA_DIR: '/srv/app-data' }).filesDir).toBe('/srv/app-data/files')
    expect(loadConfig({ DATA_DIR: '/srv/app-data', FILES_DIR: '/mnt/files' }).filesDir).toBe(
      '/mnt/files',
    )
    expect(loadConfig({}).filesDir).toMatch(/\/data\/files$/)
  })

  describe('添付ファイルの保存先（issue #19 の2）', () => {
    const s3Keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' }

    it('S3_BUCKET がなければローカルのフォルダ（FILES_DIR）に保存すること', () => {
      expect(loadConfig({ FILES_DIR: '/mnt/files' }).fileStorage).toEqual({
        kind: 'local',
        dir: '/mnt/files',
      })
    })

    it('S3_BUCKET があれば S3 に保存し、既定は東京リージョン・接頭辞 documents/ であること', () => {
      expect(loadConfig({ S3_BUCKET: 'insurance-docs', ...s3Keys }).fileStorage).toEqual({
        kind: 's3',
        bucket: 'insurance-docs',
        region: 'ap-northeast-1',
        endpoint: undefined,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-example',
        forcePathStyle: false,
        prefix: 'documents/',
      })
    })

    it('S3互換サービスのアドレス、リージョン、パス形式、接頭辞を変えられること', () => {
      const storage = loadConfig({
        S3_BUCKET: 'insurance-docs',
        ...s3Keys,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'on',
        S3_PREFIX: 'prod/files/',
      }).fileStorage
      expect(storage).toMatchObject({
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
        prefix: 'prod/files/',
      })
    })

    it('S3_BUCKET があってアクセスキーかシークレットがなければ起動を止めること', () => {
      expect(() => loadConfig({ S3_BUCKET: 'insurance-docs' })).toThrow(
        'Invalid configuration:\n' +
          '  S3_ACCESS_KEY_ID: required when S3_BUCKET is set\n' +
          '  S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
      )
      expect(() =>
        loadConfig({ S3_BUCKET: 'insurance-docs', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }),
      ).toThrow(
        /^Invalid configuration:\n {2}S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set$/,
      )
    })

    it('読めないバケット名、アドレス、パス形式、接頭辞では起動を止めること', () => {
      expect(() =>
        loadConfig({
          S3_BUCKET: 'Insurance_Docs',
          S3_ENDPOINT: 'minio',
          S3_FORCE_PATH_STYLE: 'yes',
          S3_PREFIX: '氏名/',
          ...s3Keys,
        }),
      ).toThrow(/S3_BUCKET[\s\S]*S3_ENDPOINT[\s\S]*S3_FORCE_PATH_STYLE[\s\S]*S3_PREFIX/)
    })

    it('エラーにシークレットの値を出さないこと', () => {
      expect(() =>
        loadConfig({ S3_BUCKET: 'insurance-docs', S3_SECRET_ACCESS_KEY: 'do-not-print-me' }),
      ).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining('do-not-print-me') }),
      )
    })
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

  describe('電話番号認証の送信（issue #19 の3）', () => {
    const twilio = {
      TELEPHONE_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'auth-token-0123456789',
      TWILIO_FROM: '+815012345678',
    }

    it('既定は組み込み（outbox）で、本番でなければ電話番号認証を提供すること', () => {
      expect(loadConfig({}).telephone).toEqual({
        provider: 'outbox',
        offered: true,
        twilio: undefined,
      })
    })

    it('本番で実際の送信先がなければ、電話番号認証を提供しないこと', () => {
      expect(loadConfig(productionTestEnv).telephone.offered).toBe(false)
      expect(loadConfig({ ...productionTestEnv, ...twilio }).telephone.offered).toBe(true)
    })

    it('Twilio の設定を読み、API の既定は api.twilio.com であること', () => {
      expect(loadConfig(twilio).telephone.twilio).toEqual({
        accountSid: twilio.TWILIO_ACCOUNT_SID,
        authToken: twilio.TWILIO_AUTH_TOKEN,
        from: '+815012345678',
        messagingServiceSid: undefined,
        apiBase: 'https://api.twilio.com',
      })
      const service = `MG${'fedcba9876543210'.repeat(2)}`
      const faked = loadConfig({
        ...twilio,
        TWILIO_MESSAGING_SERVICE_SID: service,
        TWILIO_API_BASE: 'http://127.0.0.1:4010/',
      }).telephone.twilio
      expect(faked).toMatchObject({
        messagingServiceSid: service,
        apiBase: 'http://127.0.0.1:4010',
      })
    })

    it('twilio で足りない変数は、一つずつ挙げて起動を止めること', () => {
      expect(() => loadConfig({ TELEPHONE_PROVIDER: 'twilio' })).toThrow(
        /TWILIO_ACCOUNT_SID: required[\s\S]*\n {2}TWILIO_AUTH_TOKEN: required[\s\S]*\n {2}TWILIO_FROM: required/,
      )
      expect(() => loadConfig({ ...twilio, TWILIO_AUTH_TOKEN: '' })).toThrow(
        /^Invalid configuration:\n {2}TWILIO_AUTH_TOKEN: required with TELEPHONE_PROVIDER=twilio$/,
      )
    })

    it('読めない値では起動を止め、秘密の値はエラーに出さないこと', () => {
      expect(() => loadConfig({ TELEPHONE_PROVIDER: 'sms' })).toThrow(/TELEPHONE_PROVIDER/)
      expect(() => loadConfig({ ...twilio, TWILIO_FROM: '05012345678' })).toThrow(/TWILIO_FROM/)
      expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'secret-sid' })).toThrow(
        /TWILIO_ACCOUNT_SID/,
      )
      expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'secret-sid' })).not.toThrow(
        /secret-sid/,
      )
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
