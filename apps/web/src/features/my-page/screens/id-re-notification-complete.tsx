import { Navigate } from 'react-router'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { MailNotArrived } from '../components/mail-not-arrived.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { t } from '../my-page-messages.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// IDの再通知の完了 (SPEC §2.2, §2.7: back is cancelled here, except towards login). It says the
// ID was sent if the address is registered, never whether it is.

export default function IdReNotificationCompleteScreen() {
  const { pathTo } = useMyPageLink()
  const { state } = useMyPageState()
  const sent = state.idReNotification
  if (sent === undefined) return <Navigate to={pathTo('idReNotification')} replace />
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.idReNotificationComplete.title')} />
      <div className="flex flex-col gap-3 text-std-16N-170">
        <p>{t('myp.idReNotificationComplete.lead', { destination: sent.maskedDestination })}</p>
        <p>{t('myp.idReNotificationComplete.retry')}</p>
      </div>
      <MailNotArrived />
      <PageLinks
        links={[
          { to: pathTo('login'), label: t('myp.toLogin') },
          { to: pathTo('idReNotification'), label: t('screen.idReNotification.title') },
        ]}
      />
    </div>
  )
}
