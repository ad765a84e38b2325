import { useState } from 'react'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { type ProductPicture, pictureHref, pictureLabel } from './product-gallery'

// The product page's pictures (issue 22 item 4): the chosen one large, the others as
// thumbnails below. Each thumbnail is a link to ?image=N, which the loader reads, so it works
// without JavaScript; with JavaScript the same click switches the picture in place and keeps
// the address in step for a reload or a shared link.

export function ProductGallery({
  pictures,
  initialIndex,
  productName,
  path,
}: {
  pictures: readonly ProductPicture[]
  initialIndex: number
  productName: string
  /** the page's address with its option (productPath), for the thumbnails' links */
  path: string
}) {
  const [index, setIndex] = useState(initialIndex)
  const shown = pictures[index] ?? pictures[0]

  function show(next: number) {
    setIndex(next)
    const url = new URL(window.location.href)
    if (next === 0) url.searchParams.delete('image')
    else url.searchParams.set('image', String(next + 1))
    window.history.replaceState(window.history.state, '', url)
  }

  return (
    <div>
      <ResponsiveImage
        key={shown?.image_url ?? 'none'}
        src={shown?.image_url}
        alt={shown?.alt_text || productName}
        width={960}
        height={720}
        sizes="(min-width: 1152px) 632px, (min-width: 768px) calc(58vw - 40px), calc(100vw - 32px)"
        priority
        className="aspect-[4/3] w-full rounded-lg bg-earth-100 object-cover"
      />
      {pictures.length > 1 ? (
        <ul
          aria-label={`Pictures of ${productName}`}
          className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-5"
        >
          {pictures.map((picture, at) => (
            <li key={picture.id}>
              <a
                href={pictureHref(path, at)}
                aria-label={pictureLabel(at, pictures.length)}
                aria-current={at === index ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault()
                  show(at)
                }}
                className={`block overflow-hidden rounded-md border-2 ${
                  at === index ? 'border-pasture-700' : 'border-transparent hover:border-stone-500'
                }`}
              >
                <ResponsiveImage
                  src={picture.image_url}
                  alt=""
                  width={160}
                  height={120}
                  sizes="(min-width: 640px) 120px, 22vw"
                  className="aspect-[4/3] w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
