import { preload } from 'react-dom'
import { type ImageWidth, PLACEHOLDER_IMAGE, responsiveImage } from '~/platform/images/image-url'

export type ResponsiveImageProps = {
  /** An `image_url` value: demo art, an upload's variant URL, another site's URL, or none. */
  src: string | null | undefined
  alt: string
  /**
   * The largest CSS width the layout gives the image, and with `height` its aspect ratio: both
   * become attributes, so the browser reserves the space before a byte arrives.
   */
  width: number
  height: number
  /** The `sizes` attribute; by default full width on narrow screens, at most `width` pixels. */
  sizes?: string
  /**
   * Above the fold (hero, product photo): load at once with high priority, not lazily, and
   * preloaded from the <head> at the size the layout asks for.
   */
  priority?: boolean
  /**
   * Maybe in the first screen, but not the page's largest picture (the rest of a grid's first
   * row): fetched with the page rather than lazily, at the browser's own priority, which it
   * raises for the pictures that turn out to be in view.
   */
  eager?: boolean
  className?: string
  /** Limit the widths offered (rarely needed: they follow from `width`). */
  widths?: readonly ImageWidth[]
}

/**
 * A picture in AVIF and WebP at several widths (ADR 6), or, for an image that is not ours, a
 * plain <img>; with no image at all, the placeholder. Either way with width and height, so the
 * page does not shift when it loads.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  eager = false,
  className,
  widths,
}: ResponsiveImageProps) {
  // loading is set before any source so a client-rendered <img> never starts an eager fetch.
  const loading = priority
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : eager
      ? ({ loading: 'eager', decoding: 'async' } as const)
      : ({ loading: 'lazy', decoding: 'async' } as const)
  const set = responsiveImage(src, { width, sizes, widths })
  // The page's largest picture (its LCP element) is found only when the parser reaches it,
  // after the header and behind every script in the <head>. A preload starts it with the
  // document: React writes high-priority image preloads at the top of the <head> (its own
  // automatic ones skip pictures, where the browser picks the <source>). This one names the
  // first source with its srcset and sizes, so the browser fetches exactly the file the
  // <picture> then uses; a browser that cannot decode that type ignores the preload.
  const first = set?.sources[0]
  if (priority && set && first) {
    preload(set.src, {
      as: 'image',
      type: first.type,
      imageSrcSet: first.srcSet,
      imageSizes: set.sizes,
      fetchPriority: 'high',
    })
  }
  if (!set) {
    return (
      <img
        {...loading}
        src={src || PLACEHOLDER_IMAGE}
        alt={alt}
        width={width}
        height={height}
        className={className}
      />
    )
  }
  return (
    <picture>
      {set.sources.map((source) => (
        <source key={source.type} type={source.type} sizes={set.sizes} srcSet={source.srcSet} />
      ))}
      <img
        {...loading}
        src={set.src}
        alt={alt}
        width={width}
        height={height}
        className={className}
      />
    </picture>
  )
}
