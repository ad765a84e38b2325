import { describe, expect, test } from 'vitest'
import { pageNumbers, parseShopQuery, SEARCH_MAX_LENGTH, searchWords, shopHref } from './shop-query'

describe('the shop address', () => {
  test('is read leniently: unknown sorts and bad pages fall back to the defaults', () => {
    const read = (search: string) => parseShopQuery(new URLSearchParams(search))
    expect(read('')).toEqual({ category: null, q: '', sort: 'name', page: 1 })
    expect(read('category=+Eggs+&q=+duck+&sort=price&page=3')).toEqual({
      category: 'Eggs',
      q: 'duck',
      sort: 'price',
      page: 3,
    })
    for (const page of ['0', '-2', 'two', '99999999999999999999', '']) {
      expect(read(`page=${page}`).page).toBe(1)
    }
    expect(read('page=2.5').page).toBe(2)
    expect(read('sort=cheapest').sort).toBe('name')
    expect(read(`q=${'a'.repeat(500)}`).q).toHaveLength(SEARCH_MAX_LENGTH)
  })

  test('leaves the defaults out, so the plain shop stays /shop', () => {
    expect(shopHref({})).toBe('/shop')
    expect(shopHref({ sort: 'name', page: 1, q: '' })).toBe('/shop')
    expect(shopHref({ category: 'Beef Cuts', q: 'steak & eggs', sort: 'newest', page: 2 })).toBe(
      '/shop?category=Beef+Cuts&q=steak+%26+eggs&sort=newest&page=2',
    )
  })
})

test('a search is only words: nothing reads as either database’s search syntax', () => {
  expect(searchWords('  Grass-fed "RIBEYE"*  ')).toEqual(['grass', 'fed', 'ribeye'])
  expect(searchWords('NEAR(egg) & !duck:* OR')).toEqual(['near', 'egg', 'duck', 'or'])
  expect(searchWords('Crème fraîche 12oz')).toEqual(['crème', 'fraîche', '12oz'])
  expect(searchWords('!!! ** ""')).toEqual([])
  expect(searchWords('a b c d e f g h i j')).toHaveLength(8)
})

test('the pager shows the ends and the pages around the current one', () => {
  expect(pageNumbers(1, 1)).toEqual([1])
  expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5])
  expect(pageNumbers(1, 84)).toEqual([1, 2, 3, null, 84])
  expect(pageNumbers(6, 84)).toEqual([1, null, 4, 5, 6, 7, 8, null, 84])
  expect(pageNumbers(5, 84)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 84])
  expect(pageNumbers(84, 84)).toEqual([1, null, 82, 83, 84])
})
