import { errorMessages } from '@app/shared/messages/errors.ja'
import { translator } from '@app/shared/messages/format'
import { invoiceMessages } from '@app/shared/messages/invoice.ja'
import { shellMessages } from '@app/shared/messages/shell.ja'

// The invoice screen's texts: the shell's and the invoice catalogue (ADR 0011: a screen
// downloads only its own texts).

export const t = translator({ ...errorMessages, ...shellMessages, ...invoiceMessages } as const)
