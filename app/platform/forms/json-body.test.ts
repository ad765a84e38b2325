import { expect, test } from 'vitest'
import { readJsonBody } from './json-body'

const url = 'http://localhost/api/errors'

function streamed(chunks: Uint8Array[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  return new Request(url, { method: 'POST', body, duplex: 'half' } as RequestInit)
}

test('parses JSON up to the cap', async () => {
  const body = JSON.stringify({ text: 'x'.repeat(90) })
  expect(body.length).toBe(101)
  expect(await readJsonBody(new Request(url, { method: 'POST', body }), 101)).toEqual({
    ok: true,
    value: { text: 'x'.repeat(90) },
  })
})

test('a declared length over the cap is refused before reading', async () => {
  const request = new Request(url, {
    method: 'POST',
    body: '[]',
    headers: { 'Content-Length': '100000' },
  })
  expect(await readJsonBody(request, 1000)).toMatchObject({ ok: false, status: 413 })
  expect(request.bodyUsed).toBe(false)
})

test('a body without a length is cut off once it passes the cap', async () => {
  const chunk = new TextEncoder().encode('x'.repeat(600))
  const result = await readJsonBody(streamed([chunk, chunk, chunk]), 1000)
  expect(result).toEqual({
    ok: false,
    status: 413,
    message: 'The request body is larger than 1000 bytes.',
  })
})

test('chunks are joined before decoding, even inside a character', async () => {
  const bytes = new TextEncoder().encode('["é"]')
  const result = await readJsonBody(streamed([bytes.slice(0, 3), bytes.slice(3)]), 1000)
  expect(result).toEqual({ ok: true, value: ['é'] })
})

test.each([
  ['not JSON', '{"message": ', 'The request body is not valid JSON.'],
  ['empty', '', 'The request body is not valid JSON.'],
])('%s is a 400', async (_, body, message) => {
  expect(await readJsonBody(new Request(url, { method: 'POST', body }), 1000)).toEqual({
    ok: false,
    status: 400,
    message,
  })
})

test('bytes that are not UTF-8 are a 400', async () => {
  const result = await readJsonBody(streamed([new Uint8Array([0x5b, 0xff, 0x5d])]), 1000)
  expect(result).toEqual({
    ok: false,
    status: 400,
    message: 'The request body is not valid UTF-8.',
  })
})

test('no body at all is a 400', async () => {
  const result = await readJsonBody(new Request(url, { method: 'POST' }), 1000)
  expect(result).toEqual({ ok: false, status: 400, message: 'The request has no body.' })
})

test('a NUL in any string of the value, or in a key, is a 400 (PostgreSQL cannot store one)', async () => {
  for (const body of ['{"message":"a\\u0000b"}', '[["ok","\\u0000"]]', '{"a\\u0000":1}']) {
    expect(await readJsonBody(new Request(url, { method: 'POST', body }), 1000)).toEqual({
      ok: false,
      status: 400,
      message: 'The request contains a null character, which is not allowed.',
    })
  }
  // The six characters \u0000 written out (an escaped backslash) are ordinary text.
  const text = await readJsonBody(
    new Request(url, { method: 'POST', body: '{"m":"\\\\u0000"}' }),
    1000,
  )
  expect(text).toEqual({ ok: true, value: { m: '\\u0000' } })
})
