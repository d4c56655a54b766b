import type { ShellMessageKey } from '@app/shared/messages/shell'

/** Message keys of screen titles: `screen.<page>.title`. */
export type ScreenTitleKey = Extract<ShellMessageKey, `screen.${string}.title`>
