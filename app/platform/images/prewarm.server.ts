import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Logger } from 'pino'
import type { DB } from '~/platform/db/db.server'
import { DEMO_IMAGE_DIR, listDemoImages } from './demo-images.server'
import { IMAGE_FORMATS, type ImageFormat, type ImageWidth, imageSourceOf } from './image-url'
import { getVariant } from './variants.server'

// Variants are rendered on first request anyway; this only spares the first visitors of a new
// shop the wait (an AVIF takes 0.1-1 s to make). It renders one variant at a time, in the
// background, so a small server keeps answering, and stops when asked (shutdown).

/** What product cards and team photos ask for; heroes' wider variants come on request. */
export const PREWARM_WIDTHS: readonly ImageWidth[] = [320, 640, 960]

export type PrewarmResult = { rendered: number; alreadyStored: number; failed: number; ms: number }

export type Prewarm = { done: Promise<PrewarmResult>; stop: () => Promise<PrewarmResult> }

type Options = {
  widths?: readonly ImageWidth[]
  formats?: readonly ImageFormat[]
  log?: Logger
  demoDir?: string
}

/** Renders and stores the variants of `imageUrls` (image_url values) that are not stored yet. */
export function prewarmImages(
  db: DB,
  imageUrls: readonly string[] | Promise<readonly string[]>,
  options: Options = {},
): Prewarm {
  let stopping = false
  const done = (async () => {
    const started = performance.now()
    const result = { rendered: 0, alreadyStored: 0, failed: 0, ms: 0 }
    let urls: readonly string[] = []
    try {
      urls = await imageUrls
    } catch (error) {
      // Nobody awaits a background job: a rejection here would stop the process.
      options.log?.warn({ err: error }, 'image prewarm: no list of images')
    }
    for (const imageUrl of urls) {
      const image = imageSourceOf(imageUrl)
      if (!image) continue
      for (const width of options.widths ?? PREWARM_WIDTHS) {
        if (width > image.maxWidth) continue
        for (const format of options.formats ?? IMAGE_FORMATS) {
          if (stopping) return { ...result, ms: Math.round(performance.now() - started) }
          const { source, version } = image
          try {
            const variant = await getVariant(
              db,
              { source, version, width, format },
              { demoDir: options.demoDir },
            )
            if (variant?.renderedMs !== undefined) result.rendered++
            else if (variant) result.alreadyStored++
          } catch (error) {
            result.failed++
            options.log?.warn({ err: error, imageUrl, width, format }, 'image prewarm failed')
          }
          // Let requests waiting on the event loop in between renders.
          await nextTurn()
        }
      }
    }
    result.ms = Math.round(performance.now() - started)
    options.log?.info(result, 'image variants prewarmed')
    return result
  })()
  return {
    done,
    stop: () => {
      stopping = true
      return done
    },
  }
}

/** Every bundled demo illustration at PREWARM_WIDTHS, both formats. */
export function prewarmDemoImages(db: DB, options: Options = {}): Prewarm {
  const names = listDemoImages(options.demoDir ?? DEMO_IMAGE_DIR)
  return prewarmImages(
    db,
    names.then((list) => list.map((name) => `/images/demo/${name}.svg`)),
    options,
  )
}
