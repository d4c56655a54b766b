import { Navigate } from 'react-router'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { t } from '../my-page-messages.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// 電話番号の登録の完了 (SPEC §2.2; signed in): the number registered is now the sign-in's second
// step (authTypeForLogin "telephone").

export default function PhoneNumberRegistrationCompleteScreen() {
  const { pathTo } = useMyPageLink()
  const { state } = useMyPageState()
  const registered = state.phoneNumber
  // Only a registration that has finished has something to say here.
  if (registered === undefined || registered.attempt !== undefined) {
    return <Navigate to={pathTo('home')} replace />
  }
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.phoneNumberRegistrationComplete.title')} />
      <p className="text-std-16N-170">
        {t('myp.phoneNumberRegistrationComplete.lead', {
          phoneNumber: registered.maskedPhoneNumber,
        })}
      </p>
      <PageLinks links={[{ to: pathTo('home'), label: t('myp.toHome') }]} />
    </div>
  )
}
