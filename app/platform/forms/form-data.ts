import { data } from 'react-router'
import { containsNul, NUL_MESSAGE } from '../http/null-character'

const FORM_CONTENT_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

/** The longest text form (a product description, a content page) is a few kilobytes. */
export const MAX_URLENCODED_BYTES = 1024 * 1024
/**
 * The farm's content form carries up to six pictures of 20 MB each (MAX_UPLOAD_BYTES, in a
 * server module this browser-safe one cannot import; a test keeps the two in step).
 */
export const MAX_MULTIPART_BYTES = 128 * 1024 * 1024

class BodyTooLarge extends Error {}

/**
 * The posted form, for every action that takes one. A body that is not a form (JSON, plain
 * text, none at all, or a multipart body that does not parse) is the client's mistake: it
 * answers 415 or 400 instead of failing the action with a 500 (found by the fuzz tests). A
 * form larger than its cap answers 413 without being held in memory: a Content-Length over it
 * is refused unread, and a body sent without one is cut off where it passes the cap. A field
 * with a NUL character answers 400 (null-character.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = FORM_CONTENT_TYPE.exec(request.headers.get('content-type') ?? '')?.[1]
  if (!type) {
    throw data('Send the form as application/x-www-form-urlencoded or multipart/form-data.', {
      status: 415,
    })
  }
  const maxBytes =
    type.toLowerCase() === 'multipart/form-data' ? MAX_MULTIPART_BYTES : MAX_URLENCODED_BYTES
  const tooLarge = () =>
    data(`The form is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, { status: 413 })
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) throw tooLarge()
  // With a Content-Length the HTTP parser delivers no more than it says; without one, count.
  const form = Number.isFinite(declared) || !request.body ? request : capped(request, maxBytes)
  let fields: FormData
  try {
    fields = await form.formData()
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined
    if (error instanceof BodyTooLarge || cause instanceof BodyTooLarge) throw tooLarge()
    throw data('The form could not be read.', { status: 400 })
  }
  if (containsNul(fields)) throw data(NUL_MESSAGE, { status: 400 })
  return fields
}

/** The same request, its body failing with BodyTooLarge once it passes `maxBytes`. */
function capped(request: Request, maxBytes: number): Request {
  let received = 0
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength
      if (received > maxBytes) controller.error(new BodyTooLarge())
      else controller.enqueue(chunk)
    },
  })
  // `duplex` (required with a stream body) is not in TypeScript's RequestInit yet.
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body?.pipeThrough(counter),
    duplex: 'half',
  } as RequestInit)
}
