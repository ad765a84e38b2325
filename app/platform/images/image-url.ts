// Image URLs, shared by the browser and the server (ADR 6). An `image_url` column holds either a
// bundled demo illustration (/images/demo/<name>.svg) or one of our variant URLs
// (/images/<source>.<version>.<width>.<format>, what an upload stores); anything else (another
// site's URL) is shown as it is. Variant URLs never change meaning: the version is a content
// hash, so they are cached for a year.

/** The only widths the server renders, so nobody can make it render (and store) any size. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]
const maxImageWidth: ImageWidth = 1920

/** Listed best first: a <picture> offers them in this order. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
}

/**
 * Version of the bundled demo illustrations in their variant URLs: the first 8 hex digits of a
 * sha256 over public/images/demo (`demoImagesVersion()`). The browser cannot hash files, so it
 * is written here; a unit test recomputes it and names the new value when an illustration
 * changes, which keeps year-long cached URLs from showing an old picture.
 */
export const DEMO_IMAGES_VERSION = '5cacf796'

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg'

export type ImageVariant = {
  /** `demo-<name>` for a bundled illustration, else the uploaded image's id (a UUID) */
  source: string
  /** First 8 hex digits of the source's content hash (DEMO_IMAGES_VERSION for demo art) */
  version: string
  width: ImageWidth
  format: ImageFormat
}

const NAME = '[a-z0-9]+(?:-[a-z0-9]+)*'
const DEMO_SOURCE = new RegExp(`^demo-(${NAME})$`)
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const VARIANT_FILE = new RegExp(`^(${NAME})\\.([0-9a-f]{8})\\.([0-9]{1,5})\\.([a-z0-9]{1,10})$`)
const DEMO_URL = new RegExp(`^/images/demo/(${NAME})\\.svg$`)
const VARIANT_URL = /^\/images\/([^/]+)$/

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value)
}

export function isImageFormat(value: string): value is ImageFormat {
  return (IMAGE_FORMATS as readonly string[]).includes(value)
}

export function variantPath({ source, version, width, format }: ImageVariant): string {
  return `/images/${source}.${version}.${width}.${format}`
}

/** The demo illustration's file name (without .svg) when `source` names one. */
export function demoNameOf(source: string): string | undefined {
  return DEMO_SOURCE.exec(source)?.[1]
}

export function isUploadId(source: string): boolean {
  return UPLOAD_ID.test(source)
}

export type ParsedImageFile =
  | { ok: true; variant: ImageVariant }
  | { ok: false; status: 400 | 404; message: string }

/**
 * Reads the `:file` of /images/:file. A name of the right shape that asks for a width or format
 * we do not make is a bad request (400); any other name is simply not an image of ours (404).
 */
export function parseImageFile(file: string): ParsedImageFile {
  const match = file.length <= 200 ? VARIANT_FILE.exec(file) : null
  if (!match) return { ok: false, status: 404, message: 'No such image.' }
  const [, source = '', version = '', widthText = '', format = ''] = match
  if (!demoNameOf(source) && !isUploadId(source))
    return { ok: false, status: 404, message: 'No such image.' }
  const width = Number(widthText)
  if (!isImageWidth(width))
    return { ok: false, status: 400, message: `Width must be one of ${IMAGE_WIDTHS.join(', ')}.` }
  if (!isImageFormat(format))
    return { ok: false, status: 400, message: `Format must be one of ${IMAGE_FORMATS.join(', ')}.` }
  return { ok: true, variant: { source, version, width, format } }
}

export type ImageSource = {
  source: string
  version: string
  /** Widest variant worth asking for: an upload is never enlarged beyond its own width. */
  maxWidth: ImageWidth
}

/** Which of our images an `image_url` value shows, or null for other sites' URLs and none. */
export function imageSourceOf(imageUrl: string | null | undefined): ImageSource | null {
  if (!imageUrl) return null
  const demo = DEMO_URL.exec(imageUrl)
  if (demo)
    return { source: `demo-${demo[1]}`, version: DEMO_IMAGES_VERSION, maxWidth: maxImageWidth }
  const file = VARIANT_URL.exec(imageUrl)?.[1]
  const parsed = file ? parseImageFile(file) : undefined
  if (!parsed?.ok) return null
  const { source, version, width } = parsed.variant
  return { source, version, maxWidth: width }
}

/** The variant slot an image `width` pixels wide fills best without enlarging it. */
export function largestWidthWithin(width: number): ImageWidth {
  let best: ImageWidth = IMAGE_WIDTHS[0]
  for (const candidate of IMAGE_WIDTHS) if (candidate <= width) best = candidate
  return best
}

/**
 * Widths worth listing for an image shown at most `displayWidth` CSS pixels wide: up to the
 * first that covers it on a 2x screen (beyond that nobody sees a difference), and never above
 * what the source has.
 */
export function widthsFor(displayWidth: number, maxWidth: ImageWidth = maxImageWidth) {
  const cover = IMAGE_WIDTHS.find((width) => width >= displayWidth * 2) ?? maxImageWidth
  const limit = Math.min(cover, maxWidth)
  return IMAGE_WIDTHS.filter((width) => width <= limit)
}

export type ResponsiveImageSet = {
  /** For browsers that take neither <source>: the WebP at the width the layout asks for. */
  src: string
  sources: { type: string; srcSet: string }[]
  sizes: string
}

/** The default `sizes`: full width on narrow screens, at most `displayWidth` pixels. */
export function defaultSizes(displayWidth: number): string {
  return `(min-width: ${displayWidth}px) ${displayWidth}px, 100vw`
}

/**
 * srcset strings for every format, or null when `imageUrl` is not one of ours (the caller
 * shows it as a plain <img>). `width` is the largest CSS width the layout gives the image.
 */
export function responsiveImage(
  imageUrl: string | null | undefined,
  options: { width: number; sizes?: string; widths?: readonly ImageWidth[] },
): ResponsiveImageSet | null {
  const image = imageSourceOf(imageUrl)
  if (!image) return null
  const allowed = widthsFor(options.width, image.maxWidth)
  const widths = options.widths ? allowed.filter((w) => options.widths?.includes(w)) : allowed
  const listed = widths.length ? widths : [IMAGE_WIDTHS[0]]
  const url = (width: ImageWidth, format: ImageFormat) =>
    variantPath({ source: image.source, version: image.version, width, format })
  const fallback = listed.find((width) => width >= options.width) ?? listed[listed.length - 1]
  return {
    src: url(fallback ?? IMAGE_WIDTHS[0], 'webp'),
    sources: IMAGE_FORMATS.map((format) => ({
      type: IMAGE_CONTENT_TYPES[format],
      srcSet: listed.map((width) => `${url(width, format)} ${width}w`).join(', '),
    })),
    sizes: options.sizes ?? defaultSizes(options.width),
  }
}

/** The file picker's filter on every admin picture upload: what uploads.server.ts takes. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'
