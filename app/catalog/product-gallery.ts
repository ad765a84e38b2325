// The product page's pictures (issue 22 item 4), browser-safe. Without JavaScript a thumbnail
// is a link to ?image=N (1-based, as people count), which the loader reads; with JavaScript
// the same link switches the picture in place.

export type ProductPicture = { id: string; image_url: string; alt_text: string }

/** The 0-based picture to show for `?image=N`; the first for anything else. */
export function pictureIndex(param: string | null, count: number): number {
  if (!param || !/^\d{1,3}$/.test(param)) return 0
  const n = Number(param)
  return n >= 1 && n <= count ? n - 1 : 0
}

/** The product page's address showing picture `index` (0-based), keeping its other choices. */
export function pictureHref(path: string, index: number): string {
  const [pathname = '', query = ''] = path.split('?')
  const search = new URLSearchParams(query)
  if (index === 0) search.delete('image')
  else search.set('image', String(index + 1))
  const text = search.toString()
  return text ? `${pathname}?${text}` : pathname
}

/** "Show picture 2 of 4": each thumbnail's name. */
export function pictureLabel(index: number, count: number): string {
  return `Show picture ${index + 1} of ${count}`
}

/** The pictures a page shows: its gallery, or else its one cover, or none. */
export function pageGallery(
  gallery: readonly ProductPicture[],
  cover: { image_url: string | null; name: string },
): ProductPicture[] {
  if (gallery.length > 0) return [...gallery]
  return cover.image_url ? [{ id: 'cover', image_url: cover.image_url, alt_text: cover.name }] : []
}
