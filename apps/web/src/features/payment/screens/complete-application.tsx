import type { Completion } from '@app/shared/api/payment/payment'
import { myPageLoginHref, myPagePath } from '@app/shared/format/page-urls'
import { useEffect } from 'react'
import { Navigate, useLoaderData, useParams } from 'react-router'
import { Link } from '@/components/link.tsx'
import type { ScreenLoaderData } from '@/lib/screen-module.ts'
import { useServices } from '@/lib/services.tsx'
import { purposeOf, readSession } from '@/lib/session.ts'
import { useEntryGroup } from '@/lib/use-entry-group.ts'
import { CompletionRows, VirtualAccountDetails } from '../components/completion-details.tsx'
import { clearIdempotencyKey } from '../idempotency-key.ts'
import { asCompletionScreenData } from '../payment-initialisation.ts'
import { t } from '../payment-messages.ts'
import { PayeeAccountInfo, PaymentScreenHeader } from '../components/payment-parts.tsx'

// お申し込みの完了 (SPEC §2.1 completeApplication, §2.5 initialisation guard, §2.7 no way back,
// §8.4 "Mail not sent: contact the agency"; ADR 0014).

/** SPEC §8.4: the completion mail was refused; the application stands, the agency resends. */
function MailError({ contact }: { contact: string | undefined }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-4 rounded-8 border-2 border-warning-orange-1 bg-white p-4 md:p-6"
    >
      <p className="text-std-16B-170 text-solid-gray-900">{t('complete.mailError')}</p>
      {contact !== undefined && (
        <div className="flex flex-col gap-1">
          <p className="text-std-16B-170 text-solid-gray-900">{t('errorScreen.contactHeading')}</p>
          <p className="text-std-16N-170 whitespace-pre-wrap">
            {contact.trim() === '' ? t('errorScreen.contactFallback') : contact}
          </p>
        </div>
      )}
    </div>
  )
}

function CompletionContent({ completion }: { completion: Completion }) {
  const { storage } = useServices()
  const group = useEntryGroup()
  const { groupPfCode = '', urlKey = '', groupPfCodeInceptionDateYm, groupPfBranchNo } = useParams()
  // The payment is over: a later one in this tab starts with a new idempotency key.
  useEffect(() => clearIdempotencyKey(storage), [storage])
  // SPEC §6: a group whose holders do not use the my-page shows neither its ID nor its link
  const usesMyPage = group?.groupPfInfo.policyHolderPageUseDiv !== '2'
  // issue #23 point 19: a renewal started on the my-page goes back to its home, still signed in
  const session = readSession(storage)
  const fromMyPage =
    session !== undefined && purposeOf(session) === 'myPage' && session.groupPfCode === groupPfCode
  const linkParams = { groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo }

  return (
    <>
      <p className="text-std-16N-170">{t('complete.lead')}</p>
      <CompletionRows
        completion={completion}
        usesMyPage={usesMyPage}
        pymntCount={group?.groupPfInfo.pymntCount}
        closingDay={group?.groupPfInfo.closingDay}
        fromMyPage={fromMyPage}
      />
      {completion.pymntMethod === '3' && completion.virtualAccount !== null && (
        <VirtualAccountDetails account={completion.virtualAccount} />
      )}
      {completion.payeeAccntInfo !== null && <PayeeAccountInfo text={completion.payeeAccntInfo} />}
      {completion.isExistApplyCompMailError ? (
        <MailError contact={group?.groupPfInfoBranchNo.refFreeField} />
      ) : (
        <p className="text-std-16N-170">
          {t('complete.mailSent', { mailAddress: completion.policyHolderEmailAddress })}
        </p>
      )}
      <div className="flex flex-col gap-4 md:flex-row print:hidden">
        {/* To the login, a full page load: my-page is another area with its own entry check
            (SPEC §2.9); to home (a renewal, still signed in), a move in the app. */}
        {usesMyPage &&
          (fromMyPage ? (
            // in the app: a direct load of home is sent to the login (SPEC §2.5, ADR 0003)
            <Link to={myPagePath('home', linkParams)} className="app-button w-full md:w-auto">
              {t('complete.toMyPageHome')}
            </Link>
          ) : (
            <a href={myPageLoginHref(linkParams)} className="app-button w-full md:w-auto">
              {t('complete.toMyPage')}
            </a>
          ))}
        <button
          type="button"
          className="app-button-secondary w-full md:w-auto"
          onClick={() => window.print()}
        >
          {t('complete.print')}
        </button>
      </div>
    </>
  )
}

export default function CompleteApplicationScreen() {
  const data = asCompletionScreenData(useLoaderData<ScreenLoaderData>().initialData)
  // SPEC §2.5: only an applied application has a completion; otherwise payment (or a step) first.
  if (data.kind === 'redirect') return <Navigate to={`../${data.target}`} relative="path" replace />
  return (
    <div className="flex flex-col gap-8">
      <PaymentScreenHeader title={t('complete.title')} />
      <CompletionContent completion={data.completion} />
    </div>
  )
}
