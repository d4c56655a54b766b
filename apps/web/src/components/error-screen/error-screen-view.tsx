import { t } from '@app/shared/messages/shell'
import type { ErrorScreenModel } from '@app/shared/rules/error-screen'
import type { MouseEvent } from 'react'
import { ErrorImage } from './error-image.tsx'
import { PageHeading } from '../page-heading.tsx'

export interface ErrorScreenViewProps {
  model: ErrorScreenModel
  /** the branch's agency contact (refFreeField); undefined when it is not known */
  contact: string | undefined
  onButtonClick: (event: MouseEvent<HTMLAnchorElement>) => void
}

/** SPEC §2.9: title, description, code line, image, contact box and button. */
export function ErrorScreenView({ model, contact, onButtonClick }: ErrorScreenViewProps) {
  const contactText = contact?.trim() ? contact : t('errorScreen.contactFallback')
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <ErrorImage kind={model.image} />
      <PageHeading alwaysFocus hasAccent={false}>
        {model.title}
      </PageHeading>
      <div className="flex w-full max-w-[40rem] flex-col gap-2 text-left">
        <p className="text-std-16N-170">{model.description}</p>
        {model.codeLine !== undefined && (
          <p className="text-std-16N-170 text-solid-gray-700">{model.codeLine}</p>
        )}
      </div>
      {model.button !== undefined && (
        <a href={model.button.href} onClick={onButtonClick} className="app-button">
          {model.button.label}
        </a>
      )}
      {model.showContact && (
        <section
          aria-labelledby="error-contact-heading"
          className="w-full max-w-[40rem] rounded-8 border border-solid-gray-420 p-4 text-left md:p-6"
        >
          <h2 id="error-contact-heading" className="text-std-18B-160 text-solid-gray-900">
            {t('errorScreen.contactHeading')}
          </h2>
          <p className="mt-2 text-std-16N-170 whitespace-pre-wrap">{contactText}</p>
        </section>
      )}
    </div>
  )
}
