import { t } from '@app/shared/messages/shell'
import type { ScreenTitleKey } from './screen-title-key.ts'
import { ScreenHeader } from './screen-header.tsx'

/**
 * A screen that so far shows only its title and the group (SPA shell issue). A later issue
 * replaces the screen's module with the real screen.
 */
export function TitleOnlyScreen({ titleKey }: { titleKey: ScreenTitleKey }) {
  return <ScreenHeader title={t(titleKey)} />
}
