import {
  agencyListRoute,
  inviteStaffRoute,
  reissueEnrolmentRoute,
  staffListRoute,
  updateStaffRoute,
} from '@app/shared/api/admin/routes'
import type {
  agencyListApi,
  inviteStaffApi,
  reissueEnrolmentApi,
  StaffMember,
  staffListApi,
  updateStaffApi,
} from '@app/shared/api/admin/endpoints'
import { participationProductsRoute } from '@app/shared/api/admin/participation-routes'
import type { participationProductsApi } from '@app/shared/api/admin/participation'
import { t } from '@app/shared/messages/admin-console'
import { staffRoles, type StaffRole } from '@app/shared/rules/staff-permissions'
import { useState, type FormEvent } from 'react'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { CopyButton } from '../components/copy-button.tsx'
import { ModalDialog } from '../components/dialog.tsx'
import {
  ErrorAlert,
  inputClassName,
  InputField,
  LiveStatus,
  Loading,
  primaryButtonClassName,
  ScreenHeading,
  secondaryButtonClassName,
  Section,
  smallButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { dateTimeText } from '../lib/format.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// スタッフ管理 (issue #20, insurer administrators): the staff list, an invitation (its enrolment
// link shown once), and a member's role and status (their sessions end on a change).

type Agency = { agentCd: string; agentName: string }
/** a group a group contact can be given (issue #21 point 6) */
type Group = { groupPfCode: string; groupNameKanji: string }
type Link = { enrolmentUrl: string; expiresAt: string; message: string }

export function StaffScreen() {
  const { api } = useAdminServices()
  const staff = useLoad(
    (signal) => callEndpoint<typeof staffListApi>(api, staffListRoute, {}, { signal }),
    [api],
  )
  const agencies = useLoad(
    (signal) => callEndpoint<typeof agencyListApi>(api, agencyListRoute, {}, { signal }),
    [api],
  )
  const agencyList = agencies.state === 'done' ? agencies.data.agencies : []
  const products = useLoad(
    (signal) =>
      callEndpoint<typeof participationProductsApi>(
        api,
        participationProductsRoute,
        {},
        { signal },
      ),
    [api],
  )
  const groupList: Group[] = []
  for (const product of products.state === 'done' ? products.data.products : []) {
    if (!groupList.some((group) => group.groupPfCode === product.groupPfCode)) {
      groupList.push({ groupPfCode: product.groupPfCode, groupNameKanji: product.groupNameKanji })
    }
  }
  const [link, setLink] = useState<Link | undefined>(undefined)
  const [editing, setEditing] = useState<StaffMember | undefined>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const agencyName = (agentCd: string | null) =>
    agentCd === null
      ? t('admin.common.dash')
      : (agencyList.find((agency) => agency.agentCd === agentCd)?.agentName ?? agentCd)

  async function reissue(member: StaffMember) {
    setFailure(undefined)
    try {
      const answer = await callEndpoint<typeof reissueEnrolmentApi>(api, reissueEnrolmentRoute, {
        params: { staffId: member.staffId },
      })
      setLink({
        ...answer,
        message: t('admin.staff.reissued', { expiresAt: dateTimeText(answer.expiresAt) }),
      })
    } catch (error) {
      setFailure(error)
    }
  }

  return (
    <>
      <ScreenHeading>{t('admin.staff.title')}</ScreenHeading>
      <LiveStatus message={status} />
      <ErrorAlert error={failure} />
      {link !== undefined && (
        <section
          aria-label={t('admin.staff.enrolmentUrl')}
          className="flex flex-col gap-2 rounded-8 border-2 border-yellow-700 bg-yellow-50 p-4"
        >
          <p role="status" className="font-bold">
            {link.message}
          </p>
          <p className="flex flex-wrap items-center gap-3">
            <code className="font-mono break-all">{link.enrolmentUrl}</code>
            <CopyButton text={link.enrolmentUrl} />
          </p>
        </section>
      )}
      <InviteForm
        agencies={agencyList}
        groups={groupList}
        onInvited={(answer) => {
          setLink({
            enrolmentUrl: answer.enrolmentUrl,
            expiresAt: answer.expiresAt,
            message: t('admin.staff.invited', { expiresAt: dateTimeText(answer.expiresAt) }),
          })
          staff.reload()
        }}
      />
      <Section title={t('admin.staff.list')}>
        {staff.state === 'loading' && <Loading />}
        {staff.state === 'failed' && <ErrorAlert error={staff.error} />}
        {staff.state === 'done' && (
          <div className="overflow-x-auto">
            <table className={tableClassName}>
              <thead>
                <tr>
                  {(
                    ['name', 'email', 'role', 'agency', 'status', 'methods', 'actions'] as const
                  ).map((column) => (
                    <th key={column} scope="col" className={thClassName}>
                      {t(`admin.staff.column.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {staff.data.staff.map((member) => (
                  <tr key={member.staffId}>
                    <td className={tdClassName}>{member.name}</td>
                    <td className={`${tdClassName} break-all`}>{member.email}</td>
                    <td className={tdClassName}>{t(`admin.role.${member.role}`)}</td>
                    <td className={tdClassName}>
                      {member.groupPfCode === null
                        ? agencyName(member.agentCd)
                        : member.groupPfCode}
                    </td>
                    <td className={tdClassName}>{t(`admin.staff.status.${member.status}`)}</td>
                    <td className={tdClassName}>
                      {[
                        member.hasPasskey ? t('admin.staff.method.passkey') : undefined,
                        member.hasPasswordTotp ? t('admin.staff.method.totp') : undefined,
                      ]
                        .filter(Boolean)
                        .join('、') || t('admin.common.none')}
                    </td>
                    <td className={tdClassName}>
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={smallButtonClassName}
                          aria-label={t('admin.staff.editLabel', { name: member.name })}
                          onClick={() => setEditing(member)}
                        >
                          {t('admin.staff.edit')}
                        </button>
                        {member.status !== 'disabled' && (
                          <button
                            type="button"
                            className={smallButtonClassName}
                            aria-label={t('admin.staff.reissueLabel', { name: member.name })}
                            onClick={() => void reissue(member)}
                          >
                            {t('admin.staff.reissue')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <ModalDialog
        open={editing !== undefined}
        title={editing === undefined ? '' : t('admin.staff.editDialog', { name: editing.name })}
        onClose={() => setEditing(undefined)}
      >
        {editing !== undefined && (
          <EditForm
            member={editing}
            agencies={agencyList}
            groups={groupList}
            onCancel={() => setEditing(undefined)}
            onSaved={(member) => {
              setEditing(undefined)
              setStatus(t('admin.staff.saved', { name: member.name }))
              staff.reload()
            }}
          />
        )}
      </ModalDialog>
    </>
  )
}

function RoleAndAgency({
  role,
  agentCd,
  agencies,
  agencyError,
  onRole,
  onAgency,
  groupPfCode,
  groups,
  groupError,
  onGroup,
}: {
  role: StaffRole
  agentCd: string
  agencies: readonly Agency[]
  agencyError: string | undefined
  onRole: (role: StaffRole) => void
  onAgency: (agentCd: string) => void
  groupPfCode: string
  groups: readonly Group[]
  groupError: string | undefined
  onGroup: (groupPfCode: string) => void
}) {
  return (
    <>
      <Field label={t('admin.staff.role')} required>
        {(control) => (
          <select
            {...control}
            value={role}
            onChange={(event) => onRole(event.target.value as StaffRole)}
            className={inputClassName}
          >
            {staffRoles.map((value) => (
              <option key={value} value={value}>
                {t(`admin.role.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {role === 'agencyStaff' && (
        <Field label={t('admin.staff.agency')} required error={agencyError}>
          {(control) => (
            <select
              {...control}
              value={agentCd}
              onChange={(event) => onAgency(event.target.value)}
              className={inputClassName}
            >
              <option value="">{t('admin.common.any')}</option>
              {agencies.map((agency) => (
                <option key={agency.agentCd} value={agency.agentCd}>
                  {agency.agentName}（{agency.agentCd}）
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {role === 'groupContact' && (
        <Field label={t('admin.staff.group')} required error={groupError}>
          {(control) => (
            <select
              {...control}
              value={groupPfCode}
              onChange={(event) => onGroup(event.target.value)}
              className={inputClassName}
            >
              <option value="">{t('admin.common.any')}</option>
              {groups.map((group) => (
                <option key={group.groupPfCode} value={group.groupPfCode}>
                  {group.groupNameKanji}（{group.groupPfCode}）
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  )
}

function InviteForm({
  agencies,
  groups,
  onInvited,
}: {
  agencies: readonly Agency[]
  groups: readonly Group[]
  onInvited: (answer: { enrolmentUrl: string; expiresAt: string }) => void
}) {
  const { api } = useAdminServices()
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [role, setRole] = useState<StaffRole>('insurerOperator')
  const [agentCd, setAgentCd] = useState('')
  const [groupPfCode, setGroupPfCode] = useState('')
  const [errors, setErrors] = useState<
    Partial<Record<'email' | 'name' | 'agency' | 'group', string>>
  >({})
  const [failure, setFailure] = useState<unknown>(undefined)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = {
      ...(email.trim() === '' ? { email: t('admin.staff.emailRequired') } : {}),
      ...(name.trim() === '' ? { name: t('admin.staff.nameRequired') } : {}),
      ...(role === 'agencyStaff' && agentCd === ''
        ? { agency: t('admin.staff.agencyRequired') }
        : {}),
      ...(role === 'groupContact' && groupPfCode === ''
        ? { group: t('admin.staff.groupRequired') }
        : {}),
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setFailure(undefined)
    try {
      const answer = await callEndpoint<typeof inviteStaffApi>(api, inviteStaffRoute, {
        body: {
          email: email.trim(),
          name: name.trim(),
          role,
          agentCd: role === 'agencyStaff' ? agentCd : null,
          groupPfCode: role === 'groupContact' ? groupPfCode : null,
        },
      })
      setEmail('')
      setName('')
      onInvited(answer)
    } catch (error) {
      setFailure(error)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="invite-heading"
      className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
    >
      <h2 id="invite-heading" className="text-std-20B-150">
        {t('admin.staff.invite')}
      </h2>
      <ErrorAlert error={failure} />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label={t('admin.staff.email')}
          required
          error={errors.email}
          type="email"
          value={email}
          onChange={setEmail}
        />
        <InputField
          label={t('admin.staff.name')}
          required
          error={errors.name}
          type="text"
          value={name}
          onChange={setName}
        />
        <RoleAndAgency
          role={role}
          agentCd={agentCd}
          agencies={agencies}
          agencyError={errors.agency}
          onRole={setRole}
          onAgency={setAgentCd}
          groupPfCode={groupPfCode}
          groups={groups}
          groupError={errors.group}
          onGroup={setGroupPfCode}
        />
      </div>
      <div>
        <button type="submit" className={primaryButtonClassName}>
          {t('admin.staff.inviteSubmit')}
        </button>
      </div>
    </form>
  )
}

function EditForm({
  member,
  agencies,
  groups,
  onCancel,
  onSaved,
}: {
  member: StaffMember
  agencies: readonly Agency[]
  groups: readonly Group[]
  onCancel: () => void
  onSaved: (member: StaffMember) => void
}) {
  const { api } = useAdminServices()
  const [role, setRole] = useState<StaffRole>(member.role)
  const [agentCd, setAgentCd] = useState(member.agentCd ?? '')
  const [groupPfCode, setGroupPfCode] = useState(member.groupPfCode ?? '')
  const [groupError, setGroupError] = useState<string | undefined>(undefined)
  const [memberStatus, setMemberStatus] = useState<'active' | 'disabled'>(
    member.status === 'disabled' ? 'disabled' : 'active',
  )
  const [agencyError, setAgencyError] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const error =
      role === 'agencyStaff' && agentCd === '' ? t('admin.staff.agencyRequired') : undefined
    setAgencyError(error)
    const missingGroup =
      role === 'groupContact' && groupPfCode === '' ? t('admin.staff.groupRequired') : undefined
    setGroupError(missingGroup)
    if (error !== undefined || missingGroup !== undefined) return
    setFailure(undefined)
    try {
      onSaved(
        await callEndpoint<typeof updateStaffApi>(api, updateStaffRoute, {
          params: { staffId: member.staffId },
          body: {
            role,
            agentCd: role === 'agencyStaff' ? agentCd : null,
            groupPfCode: role === 'groupContact' ? groupPfCode : null,
            status: memberStatus,
          },
        }),
      )
    } catch (caught) {
      setFailure(caught)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <ErrorAlert error={failure} />
      <RoleAndAgency
        role={role}
        agentCd={agentCd}
        agencies={agencies}
        agencyError={agencyError}
        onRole={setRole}
        onAgency={setAgentCd}
        groupPfCode={groupPfCode}
        groups={groups}
        groupError={groupError}
        onGroup={setGroupPfCode}
      />
      <Field label={t('admin.staff.statusLabel')} required>
        {(control) => (
          <select
            {...control}
            value={memberStatus}
            onChange={(event) =>
              setMemberStatus(event.target.value === 'disabled' ? 'disabled' : 'active')
            }
            className={inputClassName}
          >
            <option value="active">{t('admin.staff.status.active')}</option>
            <option value="disabled">{t('admin.staff.status.disabled')}</option>
          </select>
        )}
      </Field>
      <p className="font-bold">{t('admin.staff.editConfirm')}</p>
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onCancel} className={secondaryButtonClassName}>
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className={primaryButtonClassName}>
          {t('admin.staff.save')}
        </button>
      </div>
    </form>
  )
}
