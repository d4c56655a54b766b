import type { GuideBlock, GuideDocument, GuideSection } from '@app/shared/documents'
import { PolicyLink } from './policy-link.tsx'

const headingClassName = {
  2: 'text-std-20B-150 text-solid-gray-900 md:text-std-24B-150',
  3: 'text-std-18B-160 text-solid-gray-900',
} as const

function Block({ block }: { block: GuideBlock }) {
  switch (block.type) {
    case 'paragraph':
      return block.isEmphasised === true ? (
        <p className="text-std-16B-170 text-solid-gray-900">{block.text}</p>
      ) : (
        <p className="text-std-16N-170">{block.text}</p>
      )
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className="pl-1">
          {item.title !== undefined && (
            <span className="block text-std-16B-170 text-solid-gray-900">{item.title}</span>
          )}
          {item.text !== '' && <span className="block">{item.text}</span>}
        </li>
      ))
      return block.isOrdered ? (
        <ol className="flex list-decimal flex-col gap-3 pl-6 text-std-16N-170">{items}</ol>
      ) : (
        <ul className="flex list-disc flex-col gap-3 pl-6 text-std-16N-170">{items}</ul>
      )
    }
    case 'definitions':
      return (
        <dl className="flex flex-col border-t border-solid-gray-420 text-std-16N-170">
          {block.entries.map((entry) => (
            <div
              key={entry.term}
              className="flex flex-col gap-1 border-b border-solid-gray-420 py-3 md:flex-row md:gap-6"
            >
              <dt className="text-std-16B-170 text-solid-gray-900 md:w-56 md:shrink-0">
                {entry.term}
              </dt>
              <dd>{entry.description}</dd>
            </div>
          ))}
        </dl>
      )
    case 'preformatted':
      return <p className="text-std-16N-170 whitespace-pre-wrap">{block.text}</p>
    case 'policyLink':
      return (
        <p className="text-std-16N-170">
          <PolicyLink documentId={block.documentId}>{block.text}</PolicyLink>
        </p>
      )
  }
}

function Section({ section, level }: { section: GuideSection; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section className="flex flex-col gap-4" data-section={section.id}>
      <Heading className={headingClassName[level]}>{section.heading}</Heading>
      {section.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {section.subsections !== undefined && (
        <div className="mt-4 flex flex-col gap-8">
          {section.subsections.map((subsection) => (
            <Section key={subsection.id} section={subsection} level={3} />
          ))}
        </div>
      )}
    </section>
  )
}

/** A group-specific entry document (documents/entry-guides.ts): h2 sections, h3 subsections. */
export function GuideDocumentView({ document }: { document: Pick<GuideDocument, 'sections'> }) {
  return (
    <div className="flex flex-col gap-10">
      {document.sections.map((section) => (
        <Section key={section.id} section={section} level={2} />
      ))}
    </div>
  )
}
