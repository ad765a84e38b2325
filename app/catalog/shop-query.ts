// What the shop grid shows, as its address says it: /shop?category=&q=&sort=&page=. Every
// value is read leniently (an unknown sort is the default, a page past the end is the last
// page): the address is typed, bookmarked and shared, and a bad one is still a shop page.

/** Cards per page: four rows of three on a wide screen, and well under the page budget. */
export const SHOP_PAGE_SIZE = 24

/** The longest search the shop reads; the rest of a pasted paragraph is ignored. */
export const SEARCH_MAX_LENGTH = 100

export const SHOP_SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'price', label: 'Price: low to high' },
  { value: 'newest', label: 'Newest' },
] as const

export type ShopSort = (typeof SHOP_SORTS)[number]['value']

export type ShopQuery = {
  category: string | null
  /** The search as typed (trimmed), '' for none */
  q: string
  sort: ShopSort
  /** 1-based */
  page: number
}

export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const sort = params.get('sort')
  const page = Number.parseInt(params.get('page') ?? '', 10)
  return {
    // Any text is a fine filter: a category nobody sells shows the empty text, not an error.
    category: params.get('category')?.trim() || null,
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    sort: SHOP_SORTS.some((s) => s.value === sort) ? (sort as ShopSort) : 'name',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  }
}

/** The shop's address for `query`, leaving out what is the default (so /shop stays /shop). */
export function shopHref(query: Partial<ShopQuery>): string {
  const params = new URLSearchParams()
  if (query.category) params.set('category', query.category)
  if (query.q) params.set('q', query.q)
  if (query.sort && query.sort !== 'name') params.set('sort', query.sort)
  if (query.page && query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return search ? `/shop?${search}` : '/shop'
}

/**
 * The words of a search, for full-text matching: letters and digits only, so nothing a shopper
 * types is read as search syntax by either database. At most 8 words, each matched as a prefix
 * ("egg" finds "eggs"), all of them required.
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
}

/**
 * The page numbers a pager shows: the first, the last and two either side of the current one,
 * with null where a run of pages is left out ("1 … 4 5 6 7 8 … 84").
 */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount])
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pageCount) shown.add(n)
  const sorted = [...shown].sort((a, b) => a - b)
  return sorted.flatMap((n, i) => {
    const previous = sorted[i - 1]
    if (previous === undefined || n === previous + 1) return [n]
    // A gap of one page shows that page rather than an ellipsis standing for it.
    return n === previous + 2 ? [previous + 1, n] : [null, n]
  })
}
