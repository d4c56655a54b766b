import {
  articleTitle,
  itemNumber,
  type DocumentArticle,
  type DocumentParagraph,
} from '@app/shared/documents'

// Renders a policy's numbered articles (第1条…), for the system terms page and the entry screens.

function ParagraphBody({ paragraph }: { paragraph: DocumentParagraph }) {
  return (
    <>
      <p>{paragraph.text}</p>
      {paragraph.items !== undefined && (
        <ol className="mt-2 flex flex-col gap-1">
          {paragraph.items.map((item, index) => (
            <li key={index} className="flex gap-1">
              <span className="shrink-0">{itemNumber(index)}</span>
              <span>{item}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

function Article({
  article,
  index,
  level,
}: {
  article: DocumentArticle
  index: number
  level: 2 | 3
}) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const { paragraphs } = article
  return (
    <section className="flex flex-col gap-2">
      <Heading className="text-std-18B-160 text-solid-gray-900">
        {articleTitle(index, article.heading)}
      </Heading>
      {paragraphs.length === 1 && paragraphs[0] !== undefined ? (
        <ParagraphBody paragraph={paragraphs[0]} />
      ) : (
        <ol className="flex flex-col gap-2">
          {paragraphs.map((paragraph, number) => (
            <li key={number} className="flex gap-2">
              <span className="shrink-0 font-bold">{number + 1}</span>
              <div>
                <ParagraphBody paragraph={paragraph} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** The articles of a policy document, each headed 第n条（見出し） at the given level. */
export function PolicyArticles({
  articles,
  headingLevel,
}: {
  articles: readonly DocumentArticle[]
  headingLevel: 2 | 3
}) {
  return (
    <div className="flex flex-col gap-6 text-std-16N-170">
      {articles.map((article, index) => (
        <Article key={article.heading} article={article} index={index} level={headingLevel} />
      ))}
    </div>
  )
}
