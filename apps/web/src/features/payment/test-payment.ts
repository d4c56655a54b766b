import type {
  Completion,
  PaymentInfo,
  PaymentRegistration,
  PuzzleChallenge,
  VirtualAccount,
} from '@app/shared/api/payment/payment'
import { createChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { link } from '@/test/fixtures.ts'

// Test data of payment and completeApplication (issue #7). Fictional.

export const TOKEN_URL = 'https://pay.example.test/v1/tokens'
export const PUBLISHABLE_KEY = 'pk_test_0123456789abcdef'
export const CARD_TOKEN = 'tok_0123456789ABCDEFabcd'
export const PUZZLE_SECRET = 'test-puzzle-secret'

export function testRegistration(patch: Partial<PaymentRegistration> = {}): PaymentRegistration {
  return {
    urlKey: link.urlKey,
    groupPfCode: link.groupPfCode,
    groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
    groupPfBranchNo: link.groupPfBranchNo,
    groupPfPolicyHolderNo: null,
    statusPattern: '110',
    pymntMethod: '1',
    payeeAccntDisplayDiv: '2',
    payeeAccntInfo: null,
    ...patch,
  }
}

export function testVirtualAccount(patch: Partial<VirtualAccount> = {}): VirtualAccount {
  return {
    bankName: 'さくら銀行',
    bankCode: '0009',
    branchName: 'ハナミズキ支店',
    branchCode: '714',
    accountType: '普通',
    accountNumber: '1234567',
    accountHolder: 'サクラホケンサービス（カ',
    amount: 12345,
    dueDate: '20261127',
    paidAmount: 0,
    depositStatus: 'awaiting',
    ...patch,
  }
}

export function testCompletion(patch: Partial<Completion> = {}): Completion {
  return {
    groupPfPolicyHolderNo: '4820193756',
    userId: 'U00000001',
    policyHolderEmailAddress: 'taro@example.jp',
    statusPattern: '330',
    pymntMethod: '1',
    invoiceAmount: 12345,
    applicationDate: '20261120',
    isExistApplyCompMailError: false,
    virtualAccount: null,
    payeeAccntInfo: null,
    ...patch,
  }
}

/** GET /paymentInfo/: a card group's open payment unless patched. */
export function testPaymentInfo(
  patch: {
    state?: PaymentInfo['state']
    registration?: Partial<PaymentRegistration>
    invoiceAmount?: number
    completion?: Completion | null
  } = {},
): PaymentInfo {
  const registration = testRegistration(patch.registration)
  const state = patch.state ?? 'open'
  return {
    state,
    registration,
    invoiceAmount: patch.invoiceAmount ?? 12345,
    card:
      registration.pymntMethod === '1'
        ? { tokenUrl: TOKEN_URL, publishableKey: PUBLISHABLE_KEY }
        : null,
    completion:
      patch.completion !== undefined
        ? patch.completion
        : state === 'applied'
          ? testCompletion({ pymntMethod: registration.pymntMethod })
          : null,
  }
}

/** A real ALTCHA v2 challenge, signed, that takes a few hashes to solve. */
export async function easyChallenge(expiresInSeconds = 300): Promise<PuzzleChallenge> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    keyPrefix: '0',
    deriveKey,
    hmacSignatureSecret: PUZZLE_SECRET,
    expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
  })
  // As it arrives over the wire: JSON, so no undefined properties.
  return JSON.parse(JSON.stringify(challenge)) as PuzzleChallenge
}
