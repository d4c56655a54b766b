import { t } from '@app/shared/messages/shell'

/** Shown while the first page's data loads (React Router HydrateFallback). */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center p-6">
      <p className="text-std-16N-170 text-solid-gray-700">{t('app.loading')}</p>
    </div>
  )
}
