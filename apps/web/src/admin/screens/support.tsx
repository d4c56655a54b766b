import {
  changeHolderMailRoute,
  findMembersRoute,
  reissueFirstEntryPasswordRoute,
  resendCompletionMailRoute,
  resendVerificationMailRoute,
  unlockMemberRoute,
} from '@app/shared/api/admin/routes'
import type {
  changeHolderMailApi,
  findMembersApi,
  reissueFirstEntryPasswordApi,
  resendCompletionMailApi,
  resendVerificationMailApi,
  unlockMemberApi,
} from '@app/shared/api/admin/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useRef, useState, type FormEvent } from 'react'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import {
  ErrorAlert,
  inputClassName,
  InputField,
  LiveStatus,
  Pairs,
  primaryButtonClassName,
  ScreenHeading,
  Section,
  smallButtonClassName,
} from '../components/ui.tsx'
import { groupKey, groupLabel, splitGroupKey, useGroups } from '../lib/groups.ts'
import { useAdminServices } from '../lib/services.tsx'

// 加入者サポート (issue #20): a member found by product, year and member code; each action asks
// for a reason first (it is recorded) and its result is announced.

type Member = EndpointResponse<typeof findMembersApi>['members'][number]
type Action = 'unlock' | 'verification' | 'completion' | 'password' | 'mail'

const actionLabels: Record<Action, string> = {
  unlock: t('admin.support.unlock'),
  verification: t('admin.support.resendVerification'),
  completion: t('admin.support.resendCompletion'),
  password: t('admin.support.reissuePassword'),
  mail: t('admin.support.changeMail'),
}

export function SupportScreen() {
  const { api } = useAdminServices()
  const groups = useGroups()
  const [group, setGroup] = useState('')
  const [memberCode, setMemberCode] = useState('')
  const [errors, setErrors] = useState<Partial<Record<'group' | 'memberCode', string>>>({})
  const [members, setMembers] = useState<readonly Member[] | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [open, setOpen] = useState<{ member: Member; action: Action } | undefined>(undefined)
  const [issued, setIssued] = useState<{ firstEntryId: string; password: string } | undefined>()
  const [mailAddress, setMailAddress] = useState('')
  const [mailError, setMailError] = useState<string | undefined>(undefined)
  const lastSearch = useRef<
    { groupPfCode: string; groupPfCodeInceptionDateYm: string; memberCode: string } | undefined
  >(undefined)

  async function find(query: NonNullable<typeof lastSearch.current>) {
    setFailure(undefined)
    try {
      const answer = await callEndpoint<typeof findMembersApi>(api, findMembersRoute, { query })
      setMembers(answer.members)
      lastSearch.current = query
    } catch (error) {
      setMembers(undefined)
      setFailure(error)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const split = splitGroupKey(group)
    const found = {
      ...(split === undefined ? { group: t('admin.support.groupRequired') } : {}),
      ...(memberCode.trim() === '' ? { memberCode: t('admin.support.memberCodeRequired') } : {}),
    }
    setErrors(found)
    if (split === undefined || memberCode.trim() === '') return
    setStatus(undefined)
    setIssued(undefined)
    void find({ ...split, memberCode: memberCode.trim() })
  }

  async function act(member: Member, action: Action, reason: string) {
    const params = { memberId: member.memberId }
    const body = { reason }
    let message: string
    switch (action) {
      case 'unlock': {
        const { unlocked } = await callEndpoint<typeof unlockMemberApi>(api, unlockMemberRoute, {
          params,
          body,
        })
        message = t('admin.support.unlocked', { count: unlocked })
        break
      }
      case 'verification':
        await callEndpoint<typeof resendVerificationMailApi>(api, resendVerificationMailRoute, {
          params,
          body,
        })
        message = t('admin.support.verificationSent')
        break
      case 'completion':
        await callEndpoint<typeof resendCompletionMailApi>(api, resendCompletionMailRoute, {
          params,
          body,
        })
        message = t('admin.support.completionSent')
        break
      case 'password':
        setIssued(
          await callEndpoint<typeof reissueFirstEntryPasswordApi>(
            api,
            reissueFirstEntryPasswordRoute,
            {
              params,
              body,
            },
          ),
        )
        message = t('admin.support.passwordIssued')
        break
      case 'mail':
        await callEndpoint<typeof changeHolderMailApi>(api, changeHolderMailRoute, {
          params,
          body: { reason, mailAddress: mailAddress.trim() },
        })
        message = t('admin.support.mailChanged')
        break
    }
    setOpen(undefined)
    setStatus(message)
    if (lastSearch.current !== undefined) void find(lastSearch.current)
  }

  const groupList = groups.state === 'done' ? groups.data.groups : []

  return (
    <>
      <ScreenHeading>{t('admin.support.title')}</ScreenHeading>
      <form
        noValidate
        role="search"
        aria-label={t('admin.support.find')}
        onSubmit={submit}
        className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
      >
        <h2 className="text-std-20B-150">{t('admin.support.find')}</h2>
        {groups.state === 'failed' && <ErrorAlert error={groups.error} />}
        <div className="grid grid-cols-2 gap-4">
          <Field label={t('admin.exports.group')} required error={errors.group}>
            {(control) => (
              <select
                {...control}
                value={group}
                onChange={(event) => setGroup(event.target.value)}
                className={inputClassName}
              >
                <option value="">{t('admin.common.any')}</option>
                {groupList.map((item) => (
                  <option
                    key={groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm)}
                    value={groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm)}
                  >
                    {groupLabel(item)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <InputField
            label={t('admin.support.memberCode')}
            required
            error={errors.memberCode}
            type="text"
            value={memberCode}
            onChange={setMemberCode}
          />
        </div>
        <div>
          <button type="submit" className={primaryButtonClassName}>
            {t('admin.common.search')}
          </button>
        </div>
      </form>
      <LiveStatus message={status} />
      <ErrorAlert error={failure} />
      {issued !== undefined && (
        <section
          aria-labelledby="issued-heading"
          className="flex flex-col gap-2 rounded-8 border-2 border-yellow-700 bg-yellow-50 p-4"
        >
          <h2 id="issued-heading" className="text-std-17B-170">
            {t('admin.support.newPassword')}
          </h2>
          <p className="font-bold">{t('admin.support.passwordOnce')}</p>
          <Pairs
            items={[
              { label: t('admin.support.firstEntryId'), value: issued.firstEntryId },
              {
                label: t('admin.support.newPassword'),
                value: <code className="font-mono text-std-17B-170">{issued.password}</code>,
              },
            ]}
          />
        </section>
      )}
      {members !== undefined && (
        <Section title={t('admin.support.results')}>
          {members.length === 0 ? (
            <p>{t('admin.support.noMembers')}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {members.map((member) => (
                <li key={member.memberId} className="rounded-8 border border-solid-gray-300 p-4">
                  <section
                    aria-labelledby={`member-${member.memberId}`}
                    className="flex flex-col gap-3"
                  >
                    <h3 id={`member-${member.memberId}`} className="text-std-17B-170">
                      {t('admin.support.member', { memberCode: member.memberCode })}
                    </h3>
                    <Pairs
                      items={[
                        {
                          label: t('admin.support.firstEntryId'),
                          value: member.firstEntryId ?? t('admin.common.dash'),
                        },
                        {
                          label: t('admin.support.userId'),
                          value: member.userId ?? t('admin.common.dash'),
                        },
                        {
                          label: t('admin.support.mailAddress'),
                          value: member.maskedMailAddress ?? t('admin.common.dash'),
                        },
                        {
                          label: t('admin.support.application'),
                          value:
                            member.applicationStatus === null
                              ? t('admin.common.dash')
                              : t(`admin.status.${member.applicationStatus}`),
                        },
                        {
                          label: t('admin.support.locked'),
                          value: member.locked
                            ? t('admin.support.lockedYes')
                            : t('admin.support.lockedNo'),
                        },
                        {
                          label: t('admin.support.pendingVerification'),
                          value: member.pendingVerification
                            ? t('admin.support.pendingYes')
                            : t('admin.common.none'),
                        },
                      ]}
                    />
                    <div className="flex flex-wrap gap-2">
                      {(Object.keys(actionLabels) as Action[])
                        .filter((action) => action !== 'password' || member.firstEntryId !== null)
                        .map((action) => (
                          <button
                            key={action}
                            type="button"
                            className={smallButtonClassName}
                            onClick={() => {
                              setMailAddress('')
                              setMailError(undefined)
                              setOpen({ member, action })
                            }}
                          >
                            {actionLabels[action]}
                          </button>
                        ))}
                    </div>
                  </section>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
      <ReasonDialog
        open={open !== undefined}
        title={
          open === undefined
            ? ''
            : `${actionLabels[open.action]}（${t('admin.support.member', { memberCode: open.member.memberCode })}）`
        }
        submitLabel={open === undefined ? '' : actionLabels[open.action]}
        extra={
          open?.action === 'mail' ? (
            <InputField
              label={t('admin.support.newMailAddress')}
              required
              error={mailError}
              type="email"
              value={mailAddress}
              onChange={setMailAddress}
            />
          ) : undefined
        }
        validate={() => {
          if (open?.action !== 'mail') return true
          const error = mailAddress.trim() === '' ? t('admin.support.mailRequired') : undefined
          setMailError(error)
          return error === undefined
        }}
        onSubmit={(reason) =>
          open === undefined ? Promise.resolve() : act(open.member, open.action, reason)
        }
        onClose={() => setOpen(undefined)}
      />
    </>
  )
}
