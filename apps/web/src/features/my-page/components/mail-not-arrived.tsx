import { useId } from 'react'
import { t } from '../my-page-messages.ts'

/** メールが届かないときは: where to look, and what to allow. */
export function MailNotArrived() {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-std-18B-160 text-solid-gray-900">
        {t('myp.mailNotArrived.heading')}
      </h2>
      <ul className="flex list-disc flex-col gap-2 pl-6 text-std-16N-170">
        <li>{t('myp.mailNotArrived.spam')}</li>
        <li>{t('myp.mailNotArrived.domain')}</li>
      </ul>
    </section>
  )
}
