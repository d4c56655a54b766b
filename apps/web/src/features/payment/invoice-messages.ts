import { errorMessages } from '@app/shared/messages/errors.ja'
import { translator } from '@app/shared/messages/format'
import { invoiceMessages } from '@app/shared/messages/invoice.ja'
import { myPageCardMessages } from '@app/shared/messages/my-page-card.ja'
import { shellMessages } from '@app/shared/messages/shell.ja'

// The my-page card screens' texts (the invoice, the card change): the shell's, the invoice's and
// the card form's catalogues (ADR 0011: a screen downloads only its own texts).

export const t = translator({
  ...errorMessages,
  ...shellMessages,
  ...invoiceMessages,
  ...myPageCardMessages,
} as const)
