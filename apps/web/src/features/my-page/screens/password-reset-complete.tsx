import { ScreenHeader } from '@/components/screen-header.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { t } from '../my-page-messages.ts'
import { useMyPageLink } from '../use-my-page.ts'

// パスワードの再設定の完了 (SPEC §2.2, §2.7: back is cancelled here, except towards login).

export default function PasswordResetCompleteScreen() {
  const { pathTo } = useMyPageLink()
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.passwordResetComplete.title')} />
      <p className="text-std-16N-170">{t('myp.passwordResetComplete.lead')}</p>
      <PageLinks links={[{ to: pathTo('login'), label: t('myp.toLogin') }]} />
    </div>
  )
}
