import type { MetaDescriptor } from 'react-router'

type RootMatch = { id: string; loader?: unknown; data?: unknown } | undefined

/** '{page title} | {site name}', the site name being the farm's name from the root loader. */
export function pageMeta(
  matches: ReadonlyArray<RootMatch>,
  page: { title: string; description?: string },
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.data as
    | { farm?: { name?: string } }
    | undefined
  const siteName = root?.farm?.name ?? 'Farm Shop'
  const title = `${page.title} | ${siteName}`
  const tags: MetaDescriptor[] = [{ title }, { property: 'og:title', content: title }]
  if (page.description) {
    tags.push(
      { name: 'description', content: page.description },
      { property: 'og:description', content: page.description },
    )
  }
  tags.push(
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: 'website' },
  )
  return tags
}
