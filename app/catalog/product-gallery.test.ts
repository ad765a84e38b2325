import { describe, expect, test } from 'vitest'
import { pageGallery, pictureHref, pictureIndex, pictureLabel } from './product-gallery'

describe('the product page gallery', () => {
  test('?image=N picks picture N (1-based); anything else the first', () => {
    expect(pictureIndex('2', 3)).toBe(1)
    expect(pictureIndex('3', 3)).toBe(2)
    expect(pictureIndex('4', 3)).toBe(0)
    expect(pictureIndex('0', 3)).toBe(0)
    expect(pictureIndex('-1', 3)).toBe(0)
    expect(pictureIndex('1e1', 3)).toBe(0)
    expect(pictureIndex(null, 3)).toBe(0)
  })

  test('a thumbnail link keeps the chosen option', () => {
    expect(pictureHref('/product/p1', 1)).toBe('/product/p1?image=2')
    expect(pictureHref('/product/p1?variant=v2', 2)).toBe('/product/p1?variant=v2&image=3')
    expect(pictureHref('/product/p1?variant=v2&image=3', 0)).toBe('/product/p1?variant=v2')
  })

  test('labels count from one', () => {
    expect(pictureLabel(1, 4)).toBe('Show picture 2 of 4')
  })

  test('without gallery rows the cover alone, or nothing', () => {
    const cover = { image_url: '/images/demo/eggs.svg', name: 'Eggs' }
    expect(pageGallery([], cover)).toEqual([
      { id: 'cover', image_url: cover.image_url, alt_text: 'Eggs' },
    ])
    expect(pageGallery([], { image_url: null, name: 'Eggs' })).toEqual([])
    const rows = [{ id: 'p1', image_url: '/a.svg', alt_text: 'A' }]
    expect(pageGallery(rows, cover)).toEqual(rows)
  })
})
