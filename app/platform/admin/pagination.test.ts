import { describe, expect, it } from 'vitest'
import {
  containsPattern,
  listQuery,
  pageHref,
  pageInfo,
  pageRequest,
  searchTerm,
} from './pagination'

describe('admin pagination', () => {
  it('reads ?page= and falls back to page 1 for anything odd', () => {
    expect(pageRequest(new URL('http://x/a?page=3'))).toEqual({ page: 3, limit: 25, offset: 50 })
    for (const bad of ['0', '-2', 'abc', '1e3', '9999999', ''])
      expect(pageRequest(new URL(`http://x/a?page=${bad}`)).page).toBe(1)
  })

  it('counts pages, at least one', () => {
    expect(pageInfo({ page: 1, limit: 25, offset: 0 }, 0).pageCount).toBe(1)
    expect(pageInfo({ page: 1, limit: 25, offset: 0 }, 51).pageCount).toBe(3)
  })

  it('keeps filters when moving between pages', () => {
    expect(pageHref('?q=ann&status=paid&page=2', 3)).toBe('?q=ann&status=paid&page=3')
    expect(pageHref('?q=ann&page=2', 1)).toBe('?q=ann')
  })

  it('bounds the search and escapes LIKE wildcards', () => {
    expect(searchTerm(new URL(`http://x/a?q=${'a'.repeat(300)}`))).toHaveLength(100)
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })

  it("reads a list page's search, status and page together", () => {
    const url = new URL('http://x/a?q=%20ann%20&status=paid&page=2')
    expect(listQuery(url, ['paid', 'shipped'] as const)).toEqual({
      q: 'ann',
      status: 'paid',
      page: { page: 2, limit: 25, offset: 25 },
    })
  })

  it('takes an unknown or missing status as the fallback: all, or the front folder', () => {
    const statuses = ['unread', 'read'] as const
    expect(listQuery(new URL('http://x/a?status=deleted'), statuses).status).toBeNull()
    expect(listQuery(new URL('http://x/a'), statuses, 'unread').status).toBe('unread')
    expect(listQuery(new URL('http://x/a?status=read'), statuses, 'unread').status).toBe('read')
    // A list without a status filter ignores ?status= altogether.
    expect(listQuery(new URL('http://x/a?status=paid')).status).toBeNull()
  })
})
