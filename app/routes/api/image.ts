import { createHash } from 'node:crypto'
import { getDb } from '~/platform/db/db.server'
import { parseImageFile } from '~/platform/images/image-url'
import { getVariant } from '~/platform/images/variants.server'
import type { Route } from './+types/image'

// GET/HEAD /images/<source>.<version>.<width>.<format>: one image variant (ADR 6). The URL
// names the exact bytes (the version is a content hash), so they are cached for a year.

const IMMUTABLE = 'public, max-age=31536000, immutable'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const parsed = parseImageFile(params.file)
  if (!parsed.ok) return problem(parsed.status, parsed.message)
  const variant = await getVariant(getDb(), parsed.variant)
  if (!variant) return problem(404, 'No such image.')
  if (variant.renderedMs !== undefined)
    context.log.info({ file: params.file, ms: variant.renderedMs }, 'image variant rendered')

  const etag = `"${createHash('sha256').update(variant.bytes).digest('base64url').slice(0, 22)}"`
  const headers = new Headers({
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'Content-Type': variant.contentType,
  })
  if (matches(request.headers.get('If-None-Match'), etag))
    return new Response(null, { status: 304, headers })
  headers.set('Content-Length', String(variant.bytes.byteLength))
  // A copy into a plain ArrayBuffer, which is what a Response body takes (the database hands
  // back Buffers over a shared pool); microseconds for an image this size.
  return new Response(new Uint8Array(variant.bytes), { status: 200, headers })
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

function problem(status: 400 | 404, message: string) {
  // Never cached: during a rolling deploy a page from the new release can ask an old instance
  // for a version it does not know yet, and the image must appear once the deploy is done.
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
