import type { MessageKey } from '@app/shared/messages/t'

/** Message keys of screen titles: `screen.<page>.title`. */
export type ScreenTitleKey = Extract<MessageKey, `screen.${string}.title`>
