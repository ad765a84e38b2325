import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { POLICIES, type PolicyBlock } from './policies'
import type { PolicyPage } from './policies.server'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** One policy, readable on a phone, with links to the other three. */
export function PolicyArticle({ page, path }: { page: PolicyPage; path: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Heading level={1} size="large">
        {page.title}
      </Heading>
      {page.updatedAt ? (
        <p className="mt-2 text-sm text-muted">Last updated {dateFormat.format(page.updatedAt)}</p>
      ) : null}
      <div className="mt-8 space-y-4 leading-relaxed text-ink">
        {page.blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
          <Block key={`${block.kind}-${index}`} block={block} />
        ))}
      </div>
      <nav aria-label="Our policies" className="mt-12 border-t border-earth-100 pt-6">
        <h2 className="font-semibold">Our policies</h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {POLICIES.map((policy) => (
            <li key={policy.slug}>
              <TextLink
                to={policy.path}
                aria-current={policy.path === path ? 'page' : undefined}
                className="aria-[current=page]:no-underline"
              >
                {policy.title}
              </TextLink>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  )
}

function Block({ block }: { block: PolicyBlock }) {
  if (block.kind === 'heading')
    return (
      <Heading level={2} size="small" className="pt-4">
        {block.text}
      </Heading>
    )
  if (block.kind === 'list')
    return (
      <ul className="list-disc space-y-2 pl-6">
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    )
  return <p>{block.text}</p>
}
