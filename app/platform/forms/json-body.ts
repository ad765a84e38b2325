// Reads a JSON request body without trusting the client about its size: a Content-Length
// over the cap is refused before reading, and a body that turns out longer (chunked, or a
// lying header) is cut off as soon as it passes the cap, so nothing large is ever buffered.

import { containsNul, NUL_MESSAGE } from '../http/null-character'

export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413; message: string }

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const tooLarge = {
    ok: false,
    status: 413,
    message: `The request body is larger than ${maxBytes} bytes.`,
  } as const
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge
  if (!request.body) return { ok: false, status: 400, message: 'The request has no body.' }

  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > maxBytes) {
      await reader.cancel()
      return tooLarge
    }
    chunks.push(value)
  }

  const body = new Uint8Array(received)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid UTF-8.' }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON.' }
  }
  if (containsNul(value)) return { ok: false, status: 400, message: NUL_MESSAGE }
  return { ok: true, value }
}
