import { Navigate } from 'react-router'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { t } from '../my-page-messages.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// メールアドレスの変更の完了 (SPEC §2.2, §2.7: back is cancelled here, except towards home;
// signed in).

export default function MailChangeCompleteScreen() {
  const { pathTo } = useMyPageLink()
  const { state } = useMyPageState()
  const changed = state.mailChange
  // Only a change that has finished has something to say here.
  if (changed === undefined || changed.attempt !== undefined) {
    return <Navigate to={pathTo('home')} replace />
  }
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.mailChangeComplete.title')} />
      <p className="text-std-16N-170">
        {t('myp.mailChangeComplete.lead', { mailAddress: changed.newMail })}
      </p>
      <PageLinks links={[{ to: pathTo('home'), label: t('myp.toHome') }]} />
    </div>
  )
}
