import { ProductSetupService } from './modules/group/product-setup.ts'
import { RosterSetupService } from './modules/roster/roster-setup.ts'
import type { FastifyBaseLogger } from 'fastify'
import { systemClock, type Clock } from './clock.ts'
import type { Database } from './db/client.ts'
import type { Config, FileStorage } from './env.ts'
import type { BackgroundTasks } from './lib/background.ts'
import { AccessService } from './modules/access/access-service.ts'
import { SessionManager } from './modules/access/session.ts'
import { AuditLog } from './modules/audit/audit-log.ts'
import { StaffIdentityService } from './modules/staff/staff-identity-service.ts'
import { StaffSessions } from './modules/staff/staff-sessions.ts'
import { SupportService } from './modules/back-office/support-service.ts'
import { ApplicationAdminService } from './modules/back-office/application-admin-service.ts'
import { ParticipationService } from './modules/participation/participation-service.ts'
import { ApplicationService } from './modules/application/application-service.ts'
import { FileService } from './modules/files/file-service.ts'
import type { IntervalJob } from './lib/interval-job.ts'
import { LocalFileStore, type FileStore } from './modules/files/file-store.ts'
import { Metrics } from './modules/metrics/metrics.ts'
import { S3FileStore } from './modules/files/s3-file-store.ts'
import { GroupService } from './modules/group/group-service.ts'
import { MailDelivery } from './modules/mail/delivery.ts'
import { MyPageAuthService } from './modules/my-page/auth/my-page-auth-service.ts'
import { ContractService } from './modules/my-page/contract/contract-service.ts'
import { MyPageAccess } from './modules/my-page/my-page-access.ts'
import { createPaymentServices, type PaymentServices } from './modules/payment/payment-services.ts'
import {
  loadPaymentProviderSettings,
  type PaymentProviderSettings,
} from './modules/payment/provider-settings.ts'
import { MoneyDesk } from './modules/payment/money-desk.ts'
import { HttpPaymentProvider } from './modules/payment/provider.ts'
import { ReconciliationJob } from './modules/payment/reconciliation-job.ts'
import { renewalJobTimer } from './modules/renewal/renewal-job.ts'
import { followUpJobTimer } from './modules/follow-up/follow-up-job.ts'
import { instalmentJobTimer } from './modules/payment/instalment-job.ts'
import { RenewalService } from './modules/renewal/renewal-service.ts'
import { retentionJobTimer } from './modules/retention/retention-job.ts'
import { loadServerKeys, type ServerKeys } from './modules/security/secrets.ts'
import { MaintenanceState } from './modules/system/maintenance.ts'
import { MaintenanceService } from './modules/system/maintenance-service.ts'
import { NoticeBoard } from './modules/notices/notice-board.ts'
import { NoticeService } from './modules/notices/notice-service.ts'
import {
  OutboxTelephoneProvider,
  type TelephoneProvider,
} from './modules/telephone/telephone-provider.ts'
import { TwilioTelephoneProvider } from './modules/telephone/twilio-provider.ts'

// The composition root (issue #18 point 1): every service of the product is constructed here,
// once, and handed to the route plugins (app.ts decorates the instance with them). No route
// plugin or service builds another service.

export interface ServiceDependencies {
  config: Config
  db: Database
  clock: Clock
  log: FastifyBaseLogger
  background: BackgroundTasks
  /** the address links in mail start with (PUBLIC_BASE_URL or the listening address) */
  publicBaseUrl: () => string
  /** where this process listens (known once it listens) */
  listeningBaseUrl: () => string
}

export interface Services {
  metrics: Metrics
  serverKeys: ServerKeys
  groupService: GroupService
  mailDelivery: MailDelivery
  sessions: SessionManager
  myPageAccess: MyPageAccess
  access: AccessService
  applications: ApplicationService
  fileStore: FileStore
  files: FileService
  paymentSettings: PaymentProviderSettings
  payments: PaymentServices
  renewals: RenewalService
  /** deposit notifications reconciled off the webhook request (issue #21 point 3) */
  reconciliationJob: ReconciliationJob
  renewalJob: IntervalJob
  /** reminders, expiry mails and invoices of unpaid money (issue #21 point 4, ADR 0032) */
  followUpJob: IntervalJob
  /** the monthly charges of card-paid contracts (issue #24, ADR 0038) */
  instalmentJob: IntervalJob
  retentionJob: IntervalJob
  myPageAuth: MyPageAuthService
  contracts: ContractService
  maintenance: MaintenanceState
  /** the maintenance switch and scheduled windows from the console (issue #21 point 7) */
  maintenanceAdmin: MaintenanceService
  /** the notices shown now on a group's public pages, cached per process (issue #21 point 7) */
  noticeBoard: NoticeBoard
  /** notices per group product from the console (issue #21 point 7) */
  noticeAdmin: NoticeService
  /** the append-only, tamper-evident audit log (issue #20 point 4) */
  audit: AuditLog
  /** staff sessions and the back office's guards (issue #20 point 2, 3) */
  staffSessions: StaffSessions
  /** staff enrolment, sign-in and the staff list (issue #20 point 2) */
  staffIdentity: StaffIdentityService
  /** holder and applicant support in the back office (issue #20 point 6) */
  memberSupport: SupportService
  /** applications in the back office (issue #20 point 5) */
  applicationAdmin: ApplicationAdminService
  /** the participation dashboard and the group contact's member list (issue #21 points 5, 6) */
  participation: ParticipationService
  /** group products in the console (issue #21 point 1) */
  productSetup: ProductSetupService
  /** rosters in the console (issue #21 point 2) */
  rosterSetup: RosterSetupService
  /** the reconciliation desk (issue #21 point 3) */
  moneyDesk: MoneyDesk
}

/** The folder or the S3 bucket the configuration names (issue #19 point 2). */
function createFileStore(storage: FileStorage): FileStore {
  if (storage.kind === 'local') return new LocalFileStore(storage.dir)
  const { bucket, prefix, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle } = storage
  return new S3FileStore({
    bucket,
    prefix,
    region,
    endpoint,
    credentials: { accessKeyId, secretAccessKey },
    forcePathStyle,
  })
}

/** Where SMS and voice codes go (TELEPHONE_PROVIDER): Twilio, or the embedded outbox provider. */
function telephoneProvider(config: Config, log: FastifyBaseLogger): TelephoneProvider {
  const { twilio } = config.telephone
  return twilio === undefined
    ? new OutboxTelephoneProvider()
    : new TwilioTelephoneProvider({ settings: twilio, log: log.child({ module: 'telephone' }) })
}

export async function buildServices(dependencies: ServiceDependencies): Promise<Services> {
  const { config, db, clock, log, background, publicBaseUrl } = dependencies
  const groupService = new GroupService(db, { cacheSeconds: config.groupCacheSeconds })
  const metrics = new Metrics({ db, clock })
  const mailDelivery = new MailDelivery({
    db,
    clock,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    log: log.child({ module: 'mail' }),
    pollSeconds: config.mailPollSeconds,
    observer: metrics,
    telephone: telephoneProvider(config, log),
  })
  const deliverMail = (messageId: string) => mailDelivery.deliver(messageId)
  const serverKeys = await loadServerKeys(db, config.serverKeys)
  const sessions = new SessionManager(db, serverKeys, clock)
  const myPageAccess = new MyPageAccess({ db, sessions, clock })
  const access = new AccessService({
    db,
    groups: groupService,
    keys: serverKeys,
    clock,
    sessions,
    deliverMail,
    publicBaseUrl,
    clientLimit: config.authRateLimitMax,
  })
  const applications = new ApplicationService({ db, groups: groupService, clock })
  const fileStore = createFileStore(config.fileStorage)
  const files = new FileService({ db, store: fileStore, keys: serverKeys, clock, applications })
  const paymentSettings = await loadPaymentProviderSettings(db, config, {
    listeningBaseUrl: dependencies.listeningBaseUrl,
    publicBaseUrl,
  })
  const renewals = new RenewalService({ db, clock, publicBaseUrl, deliverMail })
  // the webhook nudges the job built after the payment parts (it needs their reconciliation)
  let nudgeReconciliation = (): void => undefined
  const payments = createPaymentServices({
    db,
    groups: groupService,
    clock,
    keys: serverKeys,
    applications,
    settings: paymentSettings,
    deliverMail,
    publicBaseUrl,
    // a renewal procedure's draft completes only while its contract's renewal allows it
    renewals: {
      checkCompletion: (applicationId) => renewals.checkCompletion(applicationId),
      completeInTx: (tx, applicationId, now) => renewals.completeInTx(tx, applicationId, now),
    },
    onDepositReceived: () => {
      nudgeReconciliation()
    },
  })
  const reconciliationJob = new ReconciliationJob({
    deposits: payments.deposits,
    intervalSeconds: config.reconciliationJobIntervalSeconds,
    log: log.child({ module: 'reconciliation-job' }),
  })
  nudgeReconciliation = () => {
    reconciliationJob.nudge()
  }
  const moneyDesk = new MoneyDesk({
    db,
    clock,
    provider: new HttpPaymentProvider(paymentSettings),
    deposits: payments.deposits,
    deliverMail,
  })
  // The renewal job (issue #9, ADR 0016) on an interval; every process may run it at once.
  const renewalJob = renewalJobTimer({
    db,
    clock,
    publicBaseUrl,
    deliverMail,
    intervalSeconds: config.renewalJobIntervalSeconds,
    observer: metrics,
    log: log.child({ module: 'renewal-job' }),
  })
  // The unpaid follow-up (issue #21 point 4, ADR 0032): every process may run it at once.
  const followUpJob = followUpJobTimer({
    db,
    clock,
    publicBaseUrl,
    deliverMail,
    reminderDays: config.followUp.reminderDays,
    intervalSeconds: config.followUp.jobIntervalSeconds,
    observer: metrics,
    log: log.child({ module: 'follow-up-job' }),
  })
  // The monthly charges and transfer invoices (issue #24, ADR 0038 and 0039): every process may
  // run it at once.
  const instalmentJob = instalmentJobTimer({
    db,
    clock,
    provider: new HttpPaymentProvider(paymentSettings),
    publicBaseUrl,
    deliverMail,
    intervalSeconds: config.instalmentJobIntervalSeconds,
    deleteRemovedCards: () => payments.cardChange.deleteRemovedCards(),
    observer: metrics,
    log: log.child({ module: 'instalment-job' }),
  })
  // The retention job (issue #19 point 4) on an interval; its claim lets one process run it.
  const retentionJob = retentionJobTimer({
    db,
    clock,
    store: fileStore,
    periods: config.retention,
    intervalSeconds: config.retention.jobIntervalSeconds,
    observer: metrics,
    log: log.child({ module: 'retention-job' }),
  })
  const myPageAuth = new MyPageAuthService({
    db,
    clock,
    keys: serverKeys,
    sessions,
    access: myPageAccess,
    groups: groupService,
    deliver: deliverMail,
    clientLimit: config.authRateLimitMax,
    later: (task) => background.later(task),
    telephoneOffered: config.telephone.offered,
  })
  const contracts = new ContractService({
    db,
    clock,
    keys: serverKeys,
    renewals,
    telephoneOffered: config.telephone.offered,
  })
  const maintenance = new MaintenanceState(db, config.maintenanceWindow)
  const maintenanceAdmin = new MaintenanceService({ db, clock, state: maintenance })
  const noticeBoard = new NoticeBoard(db)
  const noticeAdmin = new NoticeService({ db, clock, board: noticeBoard })
  const audit = new AuditLog(db)
  const staffSessions = new StaffSessions({ db, keys: serverKeys, clock })
  const staffIdentity = new StaffIdentityService({
    db,
    clock,
    // an authenticator app knows only real time: a pinned clock (APP_NOW) is not its clock
    totpClock: config.appNow === undefined ? clock : systemClock,
    keys: serverKeys,
    sessions: staffSessions,
    publicBaseUrl,
    deliverMail,
    clientLimit: config.authRateLimitMax,
  })
  const memberSupport = new SupportService({
    db,
    clock,
    keys: serverKeys,
    groups: groupService,
    access,
    completion: payments.completion,
    deliverMail,
  })
  const applicationAdmin = new ApplicationAdminService({
    db,
    clock,
    issueDownloadUrl: (fileId, staffId) => files.issueStaffDownloadUrl(fileId, staffId),
    deliverMail,
  })
  const participation = new ParticipationService({ db, clock })
  const productSetup = new ProductSetupService({ db, groups: groupService })
  const rosterSetup = new RosterSetupService({ db, publicBaseUrl })
  return {
    metrics,
    serverKeys,
    groupService,
    mailDelivery,
    sessions,
    myPageAccess,
    access,
    applications,
    fileStore,
    files,
    paymentSettings,
    payments,
    renewals,
    reconciliationJob,
    renewalJob,
    followUpJob,
    instalmentJob,
    retentionJob,
    myPageAuth,
    contracts,
    maintenance,
    maintenanceAdmin,
    noticeBoard,
    noticeAdmin,
    audit,
    staffSessions,
    staffIdentity,
    memberSupport,
    applicationAdmin,
    participation,
    productSetup,
    rosterSetup,
    moneyDesk,
  }
}
