import { readDocumentConsent, type DocumentConsent } from '@app/shared/documents'
import { useCallback } from 'react'
import { useParams } from 'react-router'
import { readJson, writeJson, type KeyValueStorage } from '@/lib/browser-storage.ts'
import { entryParamsOf } from '@/lib/entry-params.ts'
import { linkKey } from '@/lib/group-store.ts'
import { useServices } from '@/lib/services.tsx'
import type { ConsentTarget } from '@/components/form/consent-form.tsx'

// The consents given on the entry screens (termsOfService, entryTerms), kept in this tab's
// sessionStorage per link until the application is created, which sends them along. Back, forward
// and reload keep them, so a returning applicant sees the boxes ticked. The server records its own
// time when it stores them; agreedAt here is only the browser's note.

export const CONSENTS_KEY = 'entryConsents'

type ConsentsByLink = Record<string, DocumentConsent[]>

function readAll(storage: KeyValueStorage | undefined): ConsentsByLink {
  const value = readJson(storage, CONSENTS_KEY)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  const result: ConsentsByLink = {}
  for (const [link, list] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue
    result[link] = list.flatMap((item: unknown) => {
      const consent = readDocumentConsent(item)
      return consent === undefined ? [] : [consent]
    })
  }
  return result
}

/** The consents given on a link (its linkKey) in this tab, in the order they were given. */
export function readConsents(
  storage: KeyValueStorage | undefined,
  link: string,
): DocumentConsent[] {
  return readAll(storage)[link] ?? []
}

/** Whether this version of the document has been agreed to on the link. */
export function hasConsent(
  storage: KeyValueStorage | undefined,
  link: string,
  target: ConsentTarget,
): boolean {
  return readConsents(storage, link).some(
    (consent) => consent.documentId === target.documentId && consent.version === target.version,
  )
}

/** Records consent to the documents; an earlier consent to the same document is replaced. */
export function recordConsents(
  storage: KeyValueStorage | undefined,
  link: string,
  targets: readonly ConsentTarget[],
  now: number,
): void {
  const all = readAll(storage)
  const agreedAt = new Date(now).toISOString()
  const ids = new Set(targets.map((target) => target.documentId))
  const kept = (all[link] ?? []).filter((consent) => !ids.has(consent.documentId))
  all[link] = [...kept, ...targets.map((target) => ({ ...target, agreedAt }))]
  writeJson(storage, CONSENTS_KEY, all)
}

/** The consents of the enrolment link in the address: read, check and record. */
export function useLinkConsents() {
  const { storage, now } = useServices()
  const { groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo } = useParams()
  const link = linkKey(
    'ent',
    entryParamsOf(
      'ent',
      { groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo },
      new URLSearchParams(),
    ),
  )
  const isGiven = useCallback(
    (target: ConsentTarget) => hasConsent(storage, link, target),
    [storage, link],
  )
  const record = useCallback(
    (targets: readonly ConsentTarget[]) => recordConsents(storage, link, targets, now()),
    [storage, link, now],
  )
  const read = useCallback(() => readConsents(storage, link), [storage, link])
  return { link, isGiven, record, read }
}
