import { enrolmentPath } from '@app/shared/format/page-urls'
import type { ContractSummary } from '@app/shared/api/my-page/endpoints'
import { errorCodes } from '@app/shared/errors'
import { useEffect, useId, useRef, useState } from 'react'
import { useLoaderData } from 'react-router'
import { Link } from '@/components/link.tsx'
import type { ScreenLoaderData } from '@/lib/screen-module.ts'
import { DescriptionList } from '@/components/description-list.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { InFlowAlert } from '@/components/in-flow-alert.tsx'
import { PageHeading } from '@/components/page-heading.tsx'
import { useServices } from '@/lib/services.tsx'
import { useLoadedGroup } from '@/lib/use-loaded-group.ts'
import { restoreYear } from '@/lib/year-switch.ts'
import { FormBody } from '../components/form-parts.tsx'
import { NewPasswordFields, PasswordField } from '../components/password-fields.tsx'
import { contractSummaryRows, periodText, renewalStatusText } from '../contract-summary.ts'
import { asMyPageInfo } from '../home-initialisation.ts'
import { passwordChangeFormSchema } from '../form-schemas.ts'
import { changePassword, requestCertificate } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { useMyPageAction } from '../use-my-page-action.ts'
import { useMyPageLink } from '../use-my-page.ts'

// ホーム (SPEC §2.2, §2.4 layout without top margin, §2.5 initialisation guard, §4 status
// patterns, §8.4 "Password change"): the policy holder, the contracts by coverage period with
// what can be done with each, the account (mail address, telephone authentication, password —
// SPEC §2.2 has no page for a password change, so it is made here) and the way out.

/** SPEC §8.4 "Password change": same as now, current wrong, pressed many times; too many tries. */
const passwordCodes: readonly string[] = [
  errorCodes.passwordSameAsCurrent,
  errorCodes.currentPasswordWrong,
  errorCodes.passwordChangeTooMany,
  errorCodes.rateLimited,
]
const certificateCodes: readonly string[] = [errorCodes.rateLimited]

/** 加入者証をダウンロード: a short-lived URL of the PDF, then the browser downloads it. */
function CertificateButton({
  contract,
  describedBy,
}: {
  contract: ContractSummary
  describedBy: string
}) {
  const { api, browser } = useServices()
  const { link } = useMyPageLink()
  const action = useMyPageAction(certificateCodes)
  const [isPreparing, setIsPreparing] = useState(false)
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        disabled={isPreparing}
        aria-describedby={describedBy}
        className="app-button-secondary w-full md:w-auto"
        onClick={() => {
          setIsPreparing(true)
          void action
            .runOutsideForm(async () => {
              const { url } = await requestCertificate(api, {
                ...link,
                groupPfCodeInceptionDateYm: contract.coveragePeriod.groupPfCodeInceptionDateYm,
              })
              browser.assign(url)
            })
            .finally(() => setIsPreparing(false))
        }}
      >
        {t('myp.home.contract.certificate')}
      </button>
      <p role="status" className="text-std-16N-170">
        {isPreparing ? t('myp.home.contract.certificate.preparing') : ''}
      </p>
      <InFlowAlert message={action.message} />
    </div>
  )
}

/**
 * The renewal pages (issue #9, SPEC §2.1): shown only when the contract's actions say so; the
 * procedure reads 「再開する」 once started (renewalProcedureButtonAndTextStatus "2").
 */
function renewalLinks(contract: ContractSummary): { page: string; label: string }[] {
  const { actions, renewal } = contract
  const links: { page: string; label: string }[] = []
  if (actions.renewal) {
    const isResume = renewal?.renewalProcedureButtonAndTextStatus === '2'
    links.push({
      page: 'renewalProcedure',
      label: t(isResume ? 'myp.home.contract.renewalResume' : 'myp.home.contract.renewal'),
    })
  }
  if (actions.autoRenewCheck) {
    links.push({ page: 'autoRenewCheck', label: t('myp.home.contract.autoRenewCheck') })
  }
  if (actions.stopAutoRenewal) {
    links.push({ page: 'autoRenewStopCheck', label: t('myp.home.contract.stopAutoRenewal') })
  }
  return links
}

function ContractCard({ contract }: { contract: ContractSummary }) {
  const { link, pathTo } = useMyPageLink()
  const group = useLoadedGroup()
  const headingId = useId()
  const ym = contract.coveragePeriod.groupPfCodeInceptionDateYm
  const branchNo = group?.groupPfInfoBranchNo.groupPfBranchNo
  const { actions, renewal } = contract
  const rows = contractSummaryRows(contract)
  if (renewal !== null) {
    rows.push({ label: t('myp.home.contract.renewalStatus'), value: renewalStatusText(renewal) })
  }
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-8 border border-solid-gray-420 p-4 md:p-6"
    >
      <h3 id={headingId} className="text-std-18B-160 text-solid-gray-900">
        {t('myp.home.contract.heading', { period: periodText(contract) })}
      </h3>
      <DescriptionList rows={rows} />
      <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-start">
        <Link
          to={pathTo('checkContractInfo', new URLSearchParams({ groupPfCodeInceptionDateYm: ym }))}
          aria-describedby={headingId}
          className="app-button w-full md:w-auto"
        >
          {t('myp.home.contract.check')}
        </Link>
        {actions.certificate && <CertificateButton contract={contract} describedBy={headingId} />}
        {branchNo !== undefined &&
          renewalLinks(contract).map(({ page, label }) => (
            <Link
              key={page}
              // the renewal pages are enrolment pages of the contract's product year (issue #9)
              to={enrolmentPath(
                { ...link, groupPfCodeInceptionDateYm: ym, groupPfBranchNo: branchNo },
                page,
              )}
              aria-describedby={headingId}
              className="app-button-secondary w-full md:w-auto"
            >
              {label}
            </Link>
          ))}
      </div>
    </article>
  )
}

/** パスワードの変更 (PUT /password/): the current password, a new one and its confirmation. */
function PasswordChange() {
  const { api } = useServices()
  const { link } = useMyPageLink()
  const action = useMyPageAction(passwordCodes)
  const headingId = useId()
  const doneRef = useRef<HTMLParagraphElement>(null)
  const [changedCount, setChangedCount] = useState(0)
  const [isPasswordShown, setIsPasswordShown] = useState(false)
  const form = useStepForm({
    schema: passwordChangeFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
    labels: {
      currentPassword: t('myp.home.password.current'),
      newPassword: t('myp.newPassword'),
      newPasswordConfirmation: t('myp.newPasswordConfirmation'),
    },
    onSubmit: async (values) => {
      setChangedCount(0)
      const code = await action.run(async () => {
        await changePassword(api, { ...link, ...values })
        for (const name of ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const) {
          form.setValue(name, '')
        }
        setChangedCount((count) => count + 1)
      })
      if (code === errorCodes.currentPasswordWrong) form.setValue('currentPassword', '')
    },
  })
  useEffect(() => {
    if (changedCount > 0) doneRef.current?.focus()
  }, [changedCount])

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-std-20B-150 text-solid-gray-900">
        {t('myp.home.password.heading')}
      </h2>
      <p className="text-std-16N-170">{t('myp.home.password.lead')}</p>
      <InFlowAlert message={action.message} />
      <div role="status">
        {changedCount > 0 && (
          <p
            ref={doneRef}
            tabIndex={-1}
            className="rounded-8 border-2 border-success-1 bg-white p-4 text-std-16B-170 text-solid-gray-900"
          >
            {t('myp.home.password.changed')}
          </p>
        )}
      </div>
      <FormBody form={form} submitLabel={t('myp.home.password.submit')}>
        <PasswordField
          form={form}
          name="currentPassword"
          autoComplete="current-password"
          isShown={isPasswordShown}
        />
        <NewPasswordFields
          form={form}
          isShown={isPasswordShown}
          onShownChange={setIsPasswordShown}
        />
      </FormBody>
    </section>
  )
}

export default function HomeScreen() {
  const info = asMyPageInfo(useLoaderData<ScreenLoaderData>().initialData)
  const { pathTo } = useMyPageLink()
  const { groupStore } = useServices()
  const group = useLoadedGroup()
  // Back on my-page from a renewal: the year switch, if one was made, is put back (SPEC §4).
  useEffect(() => {
    restoreYear(groupStore)
  }, [groupStore])
  const contractsHeadingId = useId()
  const accountHeadingId = useId()
  const groupName = group?.groupPfInfo.groupNameKanji

  return (
    <div className="flex flex-col gap-10">
      {/* The layout has no top margin (SPEC §2.4); the heading keeps the other screens' distance
          from the header all the same, and ログアウト sits centred beside it (issue #23 point 21). */}
      <div className="flex flex-col gap-4 pt-8 md:pt-12">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <PageHeading>{t('screen.home.title')}</PageHeading>
          <Link to={pathTo('logout')} className="app-button-secondary">
            {t('myp.home.logout')}
          </Link>
        </div>
        {groupName !== undefined && (
          <p className="text-std-16N-170">{t('screen.groupName', { groupName })}</p>
        )}
        <div className="flex flex-col gap-1">
          <p className="text-std-20B-150 text-solid-gray-900">
            {t('myp.home.greeting', { name: info.policyHolderName })}
          </p>
          <p className="text-std-16N-170">{t('myp.home.userId', { userId: info.userId })}</p>
        </div>
      </div>

      <section aria-labelledby={contractsHeadingId} className="flex flex-col gap-4">
        <h2 id={contractsHeadingId} className="text-std-20B-150 text-solid-gray-900">
          {t('myp.home.contracts.heading')}
        </h2>
        {info.contracts.length === 0 ? (
          <p className="text-std-16N-170">{t('myp.home.contracts.none')}</p>
        ) : (
          info.contracts.map((contract) => (
            <ContractCard
              key={contract.coveragePeriod.groupPfCodeInceptionDateYm}
              contract={contract}
            />
          ))
        )}
      </section>

      <section aria-labelledby={accountHeadingId} className="flex flex-col gap-4">
        <h2 id={accountHeadingId} className="text-std-20B-150 text-solid-gray-900">
          {t('myp.home.account.heading')}
        </h2>
        <DescriptionList
          rows={[
            {
              label: t('myp.home.account.mailAddress'),
              value: (
                <span className="flex flex-col gap-2">
                  <span>{info.mailAddress}</span>
                  <Link to={pathTo('mailChange')} className="app-link">
                    {t('myp.home.account.mailChange')}
                  </Link>
                </span>
              ),
            },
            // telephone authentication only where the server offers it (issue #19 point 3)
            ...(info.telephoneAuthOffered
              ? [
                  {
                    label: t('myp.home.account.telephone'),
                    value: (
                      <span className="flex flex-col gap-2">
                        <span>
                          {info.maskedPhoneNumber === null
                            ? t('myp.home.account.telephone.none')
                            : t('myp.home.account.telephone.registered', {
                                phoneNumber: info.maskedPhoneNumber,
                              })}
                        </span>
                        <Link to={pathTo('startRegisterTelephoneAuth')} className="app-link">
                          {info.maskedPhoneNumber === null
                            ? t('myp.home.account.telephone.register')
                            : t('myp.home.account.telephone.change')}
                        </Link>
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </section>

      <PasswordChange />
    </div>
  )
}
