import { describeError, errorCodes, type ErrorDefinition } from '../errors.ts'
import { appHref, myPageLoginHref, myPagePath } from '../format/page-urls.ts'
import { errorMessages } from '../messages/errors.ja.ts'
import { translator } from '../messages/format.ts'

const t = translator(errorMessages)

/** エラー表示の状態（SPEC §4 "Error display states"）。 */
export type ErrorDisplayState =
  | { kind: 'maintenance' }
  | { kind: 'unauthorized' }
  | { kind: 'coded'; errorCode: string }
  | { kind: 'unknown' }
  | { kind: 'initialisationFailed' }

/**
 * API の失敗をエラー表示の状態に分ける（SPEC §4）。
 * 503 はメンテナンス、401 は未認証（E0003 で表示）、本文に errorCode があればそのコード、
 * それ以外（通信失敗を含む）は不明なエラー（XPFF0001）。
 */
export function classifyFailure(status: number | undefined, body: unknown): ErrorDisplayState {
  if (status === 503) return { kind: 'maintenance' }
  if (status === 401) return { kind: 'unauthorized' }
  if (
    typeof body === 'object' &&
    body !== null &&
    'errorCode' in body &&
    typeof body.errorCode === 'string' &&
    body.errorCode !== ''
  ) {
    return { kind: 'coded', errorCode: body.errorCode }
  }
  return { kind: 'unknown' }
}

/** エラー画面を出す領域: 申込（/ent）、マイページ（/myp）、それ以外。 */
export type ErrorArea = 'ent' | 'myp' | 'other'

export interface ErrorScreenContext {
  area: ErrorArea
  /** 現在ユーザーの照会に成功したか（SPEC §4, §7.5） */
  isSignedIn: boolean
  /** マイページのホームでエラーになったか */
  isOnHome: boolean
  groupPfCode?: string
  urlKey?: string
  groupPfCodeInceptionDateYm?: string
  groupPfBranchNo?: string
}

export interface ErrorScreenModel {
  title: string
  description: string
  errorCode: string | undefined
  /** 「（エラーコード：X）」。出さないときは undefined */
  codeLine: string | undefined
  image: 'maintenance' | 'error'
  showContact: boolean
  button: { label: string; href: string; fullPageLoad: boolean } | undefined
  /** 別ウィンドウから開かれていれば閉じる（セッション切れ、SPEC §2.9） */
  closeWindowIfOpened: boolean
}

function isKnown(value: string | undefined): value is string {
  return value !== undefined && value !== ''
}

const maintenanceModel = (): ErrorScreenModel => ({
  title: t('errorScreen.maintenance.title'),
  description: t('errorScreen.maintenance.description'),
  errorCode: undefined,
  codeLine: undefined,
  image: 'maintenance',
  showContact: false,
  button: undefined,
  closeWindowIfOpened: false,
})

function decideButton(context: ErrorScreenContext): ErrorScreenModel['button'] {
  const { area, groupPfCode, urlKey } = context
  if (area === 'other' || !isKnown(groupPfCode) || !isKnown(urlKey)) return undefined
  if (area === 'myp' && context.isSignedIn && !context.isOnHome) {
    return {
      label: t('errorScreen.button.backToHome'),
      href: appHref(myPagePath('home', { groupPfCode, urlKey })),
      fullPageLoad: false,
    }
  }
  return {
    label: t('errorScreen.button.backToLogin'),
    href: myPageLoginHref({
      groupPfCode,
      urlKey,
      groupPfCodeInceptionDateYm: context.groupPfCodeInceptionDateYm,
      groupPfBranchNo: context.groupPfBranchNo,
    }),
    fullPageLoad: true,
  }
}

function codedModel(
  errorCode: string,
  definition: ErrorDefinition,
  isButtonAllowed: boolean,
  context: ErrorScreenContext,
): ErrorScreenModel {
  const { screen } = definition
  return {
    title: t(`errorScreen.${screen}.title`),
    description: t(`errorScreen.${screen}.description`),
    errorCode,
    codeLine: definition.showCodeLine ? t('errorScreen.codeLine', { code: errorCode }) : undefined,
    image: 'error',
    showContact: definition.showContact,
    button: isButtonAllowed && definition.showButton ? decideButton(context) : undefined,
    closeWindowIfOpened: errorCode === errorCodes.session,
  }
}

/**
 * 汎用エラー画面の内容を決める（SPEC §2.9, §8.3、コードごとの扱いは errors.ts の一覧）。
 * ボタンは、メンテナンス・サーバー初期化の失敗・ボタンなしのコードでは出さず、
 * 団体PFコードかURLキーがわからないときと、申込・マイページ以外でも出さない。
 */
export function decideErrorScreen(
  state: ErrorDisplayState,
  context: ErrorScreenContext,
): ErrorScreenModel {
  switch (state.kind) {
    case 'maintenance':
      return maintenanceModel()
    case 'initialisationFailed':
      return codedModel(errorCodes.system, describeError(errorCodes.system), false, context)
    case 'unauthorized':
      return codedModel(errorCodes.session, describeError(errorCodes.session), true, context)
    case 'unknown':
      return codedModel(errorCodes.unknown, describeError(errorCodes.unknown), true, context)
    case 'coded': {
      const definition = describeError(state.errorCode)
      if (definition.screen === 'maintenance') return maintenanceModel()
      return codedModel(state.errorCode, definition, true, context)
    }
  }
}
