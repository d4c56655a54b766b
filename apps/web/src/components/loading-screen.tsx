import { LoadingIndicator } from './loading-indicator.tsx'

/** Shown while the first page's data loads (React Router HydrateFallback). */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <LoadingIndicator />
    </div>
  )
}
