import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { data } from 'react-router'
import { containsNul, NUL_MESSAGE } from '../http/null-character'
import { MAX_UPLOAD_BYTES } from '../images/uploads.server'

const FORM_CONTENT_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

/** The longest text form (a product description, a content page) is a few kilobytes. */
export const MAX_URLENCODED_BYTES = 1024 * 1024
/**
 * The farm's content form carries up to six pictures of MAX_UPLOAD_BYTES each. Only an admin's
 * post can be this large: the host refuses any other body over 64 KB before it is read (ADR 35).
 */
export const MAX_MULTIPART_BYTES = 128 * 1024 * 1024
/** Pictures in one form, and text fields: far more than any of the shop's forms has. */
const MAX_FILES = 12
const MAX_FIELDS = 1000

class BodyTooLarge extends Error {}

type Refusal = ReturnType<typeof data<string>>

/**
 * The posted form, for every action that takes one. A body that is not a form (JSON, plain
 * text, none at all, or a multipart body that does not parse) is the client's mistake: it
 * answers 415 or 400 instead of failing the action with a 500 (found by the fuzz tests). A
 * form larger than its cap answers 413 without being held in memory: a Content-Length over it
 * is refused unread, and a body sent without one is cut off where it passes the cap. A field
 * with a NUL character answers 400 (null-character.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? ''
  const type = FORM_CONTENT_TYPE.exec(contentType)?.[1]?.toLowerCase()
  if (!type) {
    throw data('Send the form as application/x-www-form-urlencoded or multipart/form-data.', {
      status: 415,
    })
  }
  const multipart = type === 'multipart/form-data'
  const maxBytes = multipart ? MAX_MULTIPART_BYTES : MAX_URLENCODED_BYTES
  const tooLarge = () =>
    data(`The form is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, { status: 413 })
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) throw tooLarge()
  // With a Content-Length the HTTP parser delivers no more than it says; without one, count.
  const body =
    Number.isFinite(declared) || !request.body ? request.body : capped(request.body, maxBytes)
  let fields: FormData
  try {
    fields = multipart
      ? await parseMultipart(body, contentType)
      : await new Request(request.url, {
          method: 'POST',
          headers: request.headers,
          body,
          duplex: 'half',
        } as RequestInit).formData()
  } catch (error) {
    if (isRefusal(error)) throw error
    const cause = error instanceof Error ? error.cause : undefined
    if (error instanceof BodyTooLarge || cause instanceof BodyTooLarge) throw tooLarge()
    throw data('The form could not be read.', { status: 400 })
  }
  if (containsNul(fields)) throw data(NUL_MESSAGE, { status: 400 })
  return fields
}

function isRefusal(error: unknown): error is Refusal {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    error.type === 'DataWithResponseInit'
  )
}

/**
 * A multipart form read as it streams in, each part within its own limit: a picture is kept up
 * to one byte past MAX_UPLOAD_BYTES (so the picture field says it is too large, and no more is
 * held), a text field up to MAX_URLENCODED_BYTES, and a form with more files or fields than any
 * of the shop's forms is refused (413) as soon as the extra part starts.
 */
function parseMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
): Promise<FormData> {
  return new Promise((resolve, reject) => {
    const form = new FormData()
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: {
          fileSize: MAX_UPLOAD_BYTES + 1,
          files: MAX_FILES,
          fields: MAX_FIELDS,
          fieldSize: MAX_URLENCODED_BYTES,
          parts: MAX_FILES + MAX_FIELDS,
        },
      })
    } catch (error) {
      // No boundary, or not multipart after all.
      return reject(error)
    }
    let failed = false
    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      // What is left is read and dropped: cancelling a request's body stream from here races
      // the fetch implementation still filling it (an unhandled rejection on Node 24).
      source?.unpipe(parser)
      source?.resume()
      reject(error)
    }
    const tooMany = () =>
      fail(data('The form has more parts than any form of the shop.', { status: 413 }))
    const pending: Promise<void>[] = []
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        return fail(data('A field of the form is longer than 1 MB.', { status: 413 }))
      form.append(name, value)
    })
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = []
      pending.push(
        new Promise((done, broken) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', broken)
          stream.on('end', () => {
            // Buffers read from a socket sit on ArrayBuffers, never SharedArrayBuffers.
            const parts = chunks as Uint8Array<ArrayBuffer>[]
            form.append(name, new File(parts, info.filename ?? '', { type: info.mimeType }))
            done()
          })
        }),
      )
    })
    parser.on('filesLimit', tooMany)
    parser.on('fieldsLimit', tooMany)
    parser.on('partsLimit', tooMany)
    parser.on('error', fail)
    parser.on('close', () => {
      if (failed) return
      Promise.all(pending).then(() => resolve(form), fail)
    })
    const source = body
      ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>)
      : Readable.from([] as Buffer[])
    source.on('error', fail)
    source.pipe(parser)
  })
}

/** The same stream, failing with BodyTooLarge once it passes `maxBytes`. */
function capped(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let received = 0
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength
      if (received > maxBytes) controller.error(new BodyTooLarge())
      else controller.enqueue(chunk)
    },
  })
  return body.pipeThrough(counter)
}
