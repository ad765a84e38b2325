// Every admin list is paginated the same way (issue 6 item 13): a `page` query parameter,
// 25 rows a page, one COUNT query plus one page query, whatever the table's size.

export const PAGE_SIZE = 25

export type PageRequest = { page: number; limit: number; offset: number }

/** The requested page from ?page=N; anything that is not a whole number >= 1 is page 1. */
export function pageRequest(url: URL, pageSize = PAGE_SIZE): PageRequest {
  const raw = url.searchParams.get('page') ?? ''
  const parsed = /^\d{1,6}$/.test(raw) ? Number(raw) : 1
  const page = Math.max(1, parsed)
  return { page, limit: pageSize, offset: (page - 1) * pageSize }
}

export type PageInfo = { page: number; pageCount: number; total: number; pageSize: number }

export function pageInfo(request: PageRequest, total: number): PageInfo {
  return {
    page: request.page,
    pageCount: Math.max(1, Math.ceil(total / request.limit)),
    total,
    pageSize: request.limit,
  }
}

/** The same list URL on another page, keeping search and filters. */
export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search)
  if (page <= 1) params.delete('page')
  else params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/** ?q= trimmed and bounded, or '' (a search box, not a query language). */
export function searchTerm(url: URL, name = 'q'): string {
  return (url.searchParams.get(name) ?? '').trim().slice(0, 100)
}

/** A LIKE pattern that matches the text anywhere, with %, _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** What every admin list reads from its URL: the search box, the status filter, the page. */
export type ListQuery<Status extends string | null> = {
  q: string
  status: Status
  page: PageRequest
}

/**
 * ?q=, ?status= and ?page= for a list's loader. A status outside `statuses` (a stale link, a
 * typed URL) is `fallback`: "all" (null) for most lists, the front folder for an inbox.
 */
export function listQuery<Status extends string, Fallback extends Status | null = null>(
  url: URL,
  statuses: readonly Status[] = [],
  fallback: Fallback = null as Fallback,
): ListQuery<Status | Fallback> {
  const requested = url.searchParams.get('status')
  const status = statuses.find((known) => known === requested) ?? fallback
  return { q: searchTerm(url), status, page: pageRequest(url) }
}
