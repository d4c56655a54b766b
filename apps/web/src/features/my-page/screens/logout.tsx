import { useEffect, useRef } from 'react'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { clearSessionAndMyPageState } from '@/lib/session.ts'
import { PageLinks } from '../components/step-alert.tsx'
import { endSession } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { useMyPageLink } from '../use-my-page.ts'

// ログアウト (SPEC §2.2; PRODUCT.md "Sessions": logout ends the session on the server): DELETE
// /sessionInfo/, then this tab forgets the session and the my-page's steps, whether or not the
// server could be reached (its session then ends by itself at the idle timeout).

export default function LogoutScreen() {
  const { api, storage } = useServices()
  const { pathTo } = useMyPageLink()
  const hasStarted = useRef(false)
  useEffect(() => {
    if (hasStarted.current) return
    hasStarted.current = true
    void endSession(api)
      .catch(() => undefined)
      .then(() => clearSessionAndMyPageState(storage))
  }, [api, storage])

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.logout.title')} />
      <p className="text-std-16N-170">{t('myp.logout.done')}</p>
      <PageLinks links={[{ to: pathTo('login'), label: t('myp.toLogin') }]} />
    </div>
  )
}
