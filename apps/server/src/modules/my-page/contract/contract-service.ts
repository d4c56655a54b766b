import { randomUUID } from 'node:crypto'
import {
  AppError,
  errorCodes,
  toBusinessDate,
  type GroupPfInfo,
  type GroupPfInfoBranchNo,
} from '@app/shared'
import type { ContractInfo, MyPageInfo, PremiumPayments } from '@app/shared/api/my-page/endpoints'
import { schedulePlanText } from '@app/shared/rules/instalments'
import { CERTIFICATE_URL_SECONDS } from '@app/shared/api/my-page/fields'
import { certificateFileRoute } from '@app/shared/api/my-page/routes'
import type { Clock } from '../../../clock.ts'
import type { Database } from '../../../db/client.ts'
import { apiUrl } from '../../../lib/api-url.ts'
import { renderCertificate } from '../../certificate/certificate-pdf.ts'
import { claimOnce } from '../../security/rate-limit.ts'
import type { SignedIn } from '../../access/session.ts'
import { findBranch, findGroupPfInfo, listItemDefinitions } from '../../group/group-records.ts'
import {
  findStoredCardInUse,
  listInstalmentAccountsShown,
  listInstalments,
} from '../../payment/payment-records.ts'
import { hitRateLimit } from '../../security/rate-limit.ts'
import { subjectHash, type ServerKeys } from '../../security/secrets.ts'
import { readToken, signToken } from '../../security/tokens.ts'
import { maskPhoneNumber } from '../../telephone/phone-number.ts'
import type { RenewalService } from '../../renewal/renewal-service.ts'
import type { MyPageLinkTarget } from '../my-page-access.ts'
import {
  findHolderAccount,
  listAppliedApplications,
  type AppliedApplication,
} from './contract-repository.ts'
import { certificateContent, contractSummary, unitNames } from './contract-view.ts'

// Home, checkContractInfo and the 加入者証 (issue #8, SPEC §2.2, §3.1, §3.6, §8.4; ADR 0015).
// Everything is read through the signed-in account: a coverage period in which this account has
// no applied application — nobody's, someone else's, or only a draft — answers 404 APFH0001
// alike. The certificate is a signed URL (a capability: the browser opens it without its
// session) valid CERTIFICATE_URL_SECONDS and good for one download.

/** certificate URLs per account in 10 minutes (each one renders a PDF) */
const CERTIFICATE_URLS_PER_WINDOW = 20
const CERTIFICATE_URL_WINDOW_SECONDS = 600
const UUID = /^[0-9a-f-]{36}$/
const YEAR_MONTH = /^\d{6}$/

/** The policy holder of a my-page call (MyPageAccess.requireSignedIn). */
export type SignedInHolder = SignedIn & MyPageLinkTarget

export interface CertificateUrl {
  url: string
  expiresAt: string
}

export interface ContractServiceOptions {
  db: Database
  clock: Clock
  keys: ServerKeys
  /** each contract's renewal on home and checkContractInfo (issue #9) */
  renewals: Pick<RenewalService, 'contractRenewals'>
  /** config.telephone.offered (issue #19 point 3): home offers the phone registration */
  telephoneOffered: boolean
}

function contractNotShown(message: string): AppError {
  return new AppError(errorCodes.contractNotShown, { message })
}

function certificateUrlExpired(message: string): AppError {
  return new AppError(errorCodes.signedUrlExpired, { message })
}

export class ContractService {
  readonly #options: ContractServiceOptions

  constructor(options: ContractServiceOptions) {
    this.#options = options
  }

  get #db(): Database {
    return this.#options.db
  }

  /** GET /policyHolderInfo/: the policy holder and every applied contract, newest first. */
  async myPageInfo(holder: SignedInHolder): Promise<MyPageInfo> {
    const [account, contracts] = await Promise.all([
      findHolderAccount(this.#db, holder.accountId),
      listAppliedApplications(this.#db, {
        accountId: holder.accountId,
        groupPfCode: holder.link.groupPfCode,
      }),
    ])
    if (account === undefined) throw new Error('signed-in account vanished')
    const groups = new Map<string, Promise<GroupPfInfo>>()
    const groupOf = (contract: AppliedApplication) => {
      let group = groups.get(contract.groupPfCodeInceptionDateYm)
      if (group === undefined) {
        group = this.#groupOf(contract)
        groups.set(contract.groupPfCodeInceptionDateYm, group)
      }
      return group
    }
    const withGroups = await Promise.all(
      contracts.map(async (contract) => ({ ...contract, group: await groupOf(contract) })),
    )
    const renewals = await this.#options.renewals.contractRenewals(
      holder.accountId,
      holder.link.groupPfCode,
      withGroups,
    )
    const summaries = withGroups.map((contract) =>
      contractSummary(contract, contract.group, renewals.get(contract.id)),
    )
    const phone = account.phoneVerifiedAt === null ? null : account.phoneNumber
    const { telephoneOffered } = this.#options
    return {
      userId: account.userId,
      policyHolderName: contracts[0]?.applyInfo.policyHolderInfo.policyHolderNameKanji ?? '',
      mailAddress: account.mailAddress,
      // not offered: sign-in codes go by mail whatever is registered (MyPageAuthService.start2FA)
      authTypeForLogin:
        telephoneOffered && account.authTypeForLogin === 'telephone' && phone !== null
          ? 'telephone'
          : 'mail',
      maskedPhoneNumber: phone === null ? null : maskPhoneNumber(phone),
      telephoneAuthOffered: telephoneOffered,
      contracts: summaries,
    }
  }

  /** GET /policyHolderInfo/contract/: one coverage period's contract, or 404 APFH0001. */
  async contractInfo(
    holder: SignedInHolder,
    groupPfCodeInceptionDateYm: string,
  ): Promise<ContractInfo> {
    const contract = await this.#ownContract(holder, groupPfCodeInceptionDateYm)
    const [group, items] = await Promise.all([
      this.#groupOf(contract),
      listItemDefinitions(this.#db, contract),
    ])
    const { applyInfo } = contract
    const renewals = await this.#options.renewals.contractRenewals(
      holder.accountId,
      holder.link.groupPfCode,
      [{ ...contract, group }],
    )
    return {
      summary: contractSummary(contract, group, renewals.get(contract.id)),
      policyHolderInfo: applyInfo.policyHolderInfo,
      insrdInfoArray: applyInfo.insrdInfoArray,
      cvrgeInfo: applyInfo.cvrgeInfo,
      unitNames: unitNames(applyInfo, group),
      itemDefinitionArray: items,
      premiumPayments: await this.#premiumPayments(contract.id, group.closingDay),
    }
  }

  /**
   * The contract's instalments (issue #24), by card or by transfer (ADR 0039), or null when it has
   * none. An unpaid transferred one comes with its account.
   */
  async #premiumPayments(
    applicationId: string,
    closingDay: number | null,
  ): Promise<PremiumPayments | null> {
    const [rows, card] = await Promise.all([
      listInstalments(this.#db, applicationId),
      findStoredCardInUse(this.#db, applicationId),
    ])
    const method = rows[0]?.method
    if (method === undefined) return null
    // the accounts only for a transfer contract: no query for every other contract view
    const accounts =
      method === 'transfer'
        ? await listInstalmentAccountsShown(this.#db, applicationId)
        : new Map<string, never>()
    return {
      method,
      planText: schedulePlanText(rows, closingDay, method),
      card: card ?? null,
      instalments: rows.map((row) => {
        const isRetry = row.status === 'due' && row.lastErrorCode !== null
        const isUnpaid = row.status === 'invoiced' || row.status === 'failed'
        return {
          seq: row.seq,
          coversMonth: row.coversMonth,
          // a refused one is shown with its next try (「…日に再度お手続きします」)
          dueDate: isRetry && method === 'card' ? toBusinessDate(row.nextAttemptAt) : row.dueDate,
          amount: row.amount,
          status: row.status,
          isRetry: isRetry && method === 'card',
          transferAccount: (method === 'transfer' && isUnpaid && accounts.get(row.id)) || null,
        }
      }),
    }
  }

  /** POST /policyHolderCertificate/: a signed URL of one coverage period's 加入者証. */
  async issueCertificateUrl(
    holder: SignedInHolder,
    groupPfCodeInceptionDateYm: string,
  ): Promise<CertificateUrl> {
    const { keys } = this.#options
    const now = this.#options.clock.now()
    const contract = await this.#ownContract(holder, groupPfCodeInceptionDateYm)
    const limit = await hitRateLimit(
      this.#db,
      subjectHash(keys, 'certificate-url', holder.accountId),
      { now, windowSeconds: CERTIFICATE_URL_WINDOW_SECONDS, max: CERTIFICATE_URLS_PER_WINDOW },
    )
    if (!limit.allowed) {
      throw new AppError(errorCodes.rateLimited, {
        message: 'too many certificate URLs for one account',
        retryAfterSeconds: limit.retryAfterSeconds,
      })
    }
    // whole seconds, as the token's own expiry: the time announced is the time it stops working
    const expiresAt = new Date(Math.floor(now.getTime() / 1000 + CERTIFICATE_URL_SECONDS) * 1000)
    const token = await signToken(
      keys,
      'certificate',
      {
        jti: randomUUID(),
        aid: holder.accountId,
        gpc: contract.groupPfCode,
        ym: contract.groupPfCodeInceptionDateYm,
      },
      { now, expiresAt },
    )
    return {
      url: apiUrl(certificateFileRoute, { '*': token }),
      expiresAt: expiresAt.toISOString(),
    }
  }

  /** GET /files/certificate/{token}: the PDF, once, while the URL is valid; else 410 APFX0001. */
  async openCertificate(token: string): Promise<Buffer> {
    const now = this.#options.clock.now()
    const claims = await readToken(this.#options.keys, 'certificate', token, now)
    const { jti, aid, gpc, ym, iat } = claims ?? {}
    if (
      typeof jti !== 'string' ||
      !UUID.test(jti) ||
      typeof aid !== 'string' ||
      !UUID.test(aid) ||
      typeof gpc !== 'string' ||
      typeof ym !== 'string' ||
      !YEAR_MONTH.test(ym) ||
      typeof iat !== 'number'
    ) {
      throw certificateUrlExpired('certificate URL invalid or expired')
    }
    if (!(await claimOnce(this.#db, `certificate-url|${jti}`, new Date(iat * 1000)))) {
      throw certificateUrlExpired('certificate URL used before')
    }
    const [contract] = await listAppliedApplications(this.#db, {
      accountId: aid,
      groupPfCode: gpc,
      groupPfCodeInceptionDateYm: ym,
    })
    if (contract === undefined) throw certificateUrlExpired('the certificate has no contract now')
    const product = await this.#productOf(contract)
    const content = certificateContent(contract, product, now)
    // a card-paid contract's instalments in words (issue #24)
    const payments = await this.#premiumPayments(contract.id, product.group.closingDay)
    return renderCertificate(
      payments === null ? content : { ...content, paymentPlan: payments.planText },
    )
  }

  async #ownContract(
    holder: SignedInHolder,
    groupPfCodeInceptionDateYm: string,
  ): Promise<AppliedApplication> {
    const [contract] = await listAppliedApplications(this.#db, {
      accountId: holder.accountId,
      groupPfCode: holder.link.groupPfCode,
      groupPfCodeInceptionDateYm,
    })
    if (contract === undefined) {
      throw contractNotShown(`no applied contract of the account in ${groupPfCodeInceptionDateYm}`)
    }
    return contract
  }

  // A product cannot go while an application of it exists (its roster rows are restricted).
  async #groupOf(contract: AppliedApplication): Promise<GroupPfInfo> {
    const group = await findGroupPfInfo(this.#db, contract)
    if (group === undefined) {
      throw new Error(`no product ${contract.groupPfCode} ${contract.groupPfCodeInceptionDateYm}`)
    }
    return group
  }

  async #productOf(
    contract: AppliedApplication,
  ): Promise<{ group: GroupPfInfo; branch: GroupPfInfoBranchNo }> {
    const [group, branch] = await Promise.all([
      this.#groupOf(contract),
      findBranch(this.#db, contract),
    ])
    if (branch === undefined) {
      throw new Error(`no branch ${contract.groupPfCode} ${contract.groupPfBranchNo}`)
    }
    return { group, branch }
  }
}
