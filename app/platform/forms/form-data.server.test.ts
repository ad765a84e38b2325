import { expect, test } from 'vitest'
import { MAX_UPLOAD_BYTES } from '~/platform/images/uploads.server'
import { MAX_MULTIPART_BYTES, MAX_URLENCODED_BYTES, readForm } from './form-data.server'

const url = 'http://localhost/cart'

/** What the action answers: the status of the data() it throws, or 'read'. */
async function statusOf(request: Request): Promise<number | 'read'> {
  try {
    await readForm(request)
    return 'read'
  } catch (error) {
    if (error instanceof Error) throw error
    return (error as { init?: ResponseInit }).init?.status ?? 0
  }
}

test('reads url-encoded and multipart forms', async () => {
  const encoded = await readForm(
    new Request(url, { method: 'POST', body: new URLSearchParams({ intent: 'add' }) }),
  )
  expect(encoded.get('intent')).toBe('add')
  const multipart = new FormData()
  multipart.set('intent', 'clear')
  expect(
    (await readForm(new Request(url, { method: 'POST', body: multipart }))).get('intent'),
  ).toBe('clear')
})

test('a body that is not a form is the client mistake (415), never a 500', async () => {
  const json = new Request(url, {
    method: 'POST',
    body: '{"intent":"add"}',
    headers: { 'Content-Type': 'application/json' },
  })
  expect(await statusOf(json)).toBe(415)
  expect(await statusOf(new Request(url, { method: 'POST' }))).toBe(415)
  const text = new Request(url, { method: 'POST', body: 'intent=add' })
  text.headers.set('Content-Type', 'text/plain;charset=UTF-8')
  expect(await statusOf(text)).toBe(415)
})

test('a multipart body that does not parse answers 400', async () => {
  for (const type of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
    const request = new Request(url, {
      method: 'POST',
      body: '--abc\r\nnot a part',
      headers: { 'Content-Type': type },
    })
    expect(await statusOf(request)).toBe(400)
  }
})

test('a form over its cap answers 413, declared or not, without being read whole', async () => {
  const big = 'x'.repeat(MAX_URLENCODED_BYTES + 1)
  const declared = new Request(url, { method: 'POST', body: new URLSearchParams({ note: big }) })
  declared.headers.set('Content-Length', String(MAX_URLENCODED_BYTES + 10))
  expect(await statusOf(declared)).toBe(413)

  // No Content-Length (chunked): cut off once past the cap, and the stream is not read on.
  let pulled = 0
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++
      controller.enqueue(new TextEncoder().encode(`note=${'y'.repeat(64 * 1024)}&`))
    },
  })
  const chunked = new Request(url, {
    method: 'POST',
    body: endless,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    duplex: 'half',
  } as RequestInit)
  expect(await statusOf(chunked)).toBe(413)
  expect(pulled * 64 * 1024).toBeLessThan(MAX_URLENCODED_BYTES * 2)

  // Just under the cap is a form like any other.
  const fits = new URLSearchParams({ note: 'z'.repeat(MAX_URLENCODED_BYTES - 100) })
  expect(
    (await readForm(new Request(url, { method: 'POST', body: fits }))).get('note'),
  ).toHaveLength(MAX_URLENCODED_BYTES - 100)
})

test('multipart forms may carry the content form six pictures at the upload limit', () => {
  expect(MAX_MULTIPART_BYTES).toBeGreaterThanOrEqual(6 * MAX_UPLOAD_BYTES + MAX_URLENCODED_BYTES)
})

test('a NUL in a field, url-encoded or multipart, is a 400 (PostgreSQL cannot store one)', async () => {
  const encoded = new Request(url, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'add', productId: 'a\u0000b' }),
  })
  expect(await statusOf(encoded)).toBe(400)
  const named = new Request(url, { method: 'POST', body: new URLSearchParams({ 'a\u0000': '1' }) })
  expect(await statusOf(named)).toBe(400)
  const multipart = new FormData()
  multipart.set('intent', 'add')
  multipart.set('name', 'Ham\u0000')
  expect(await statusOf(new Request(url, { method: 'POST', body: multipart }))).toBe(400)
  // A file's bytes may hold anything: only text fields are checked.
  const upload = new FormData()
  upload.set('picture', new File([new Uint8Array([0, 1, 0])], 'photo.png', { type: 'image/png' }))
  expect(await statusOf(new Request(url, { method: 'POST', body: upload }))).toBe('read')
})

test('multipart is read part by part: a picture is kept no further than one byte past the upload limit', async () => {
  const upload = new FormData()
  upload.set('intent', 'save')
  upload.set('picture', new File([new Uint8Array(MAX_UPLOAD_BYTES + 5 * 1024 * 1024)], 'big.jpg'))
  const form = await readForm(new Request(url, { method: 'POST', body: upload }))
  const picture = form.get('picture') as File
  // storeUploadedImage then says "Images can be at most 20 MB." next to the field.
  expect(picture.size).toBe(MAX_UPLOAD_BYTES + 1)
  expect(picture.name).toBe('big.jpg')
  expect(form.get('intent')).toBe('save')
})

test('a multipart form with more files than any of the shop’s forms is a 413', async () => {
  const many = new FormData()
  for (let i = 0; i < 13; i++) many.append('picture', new File(['x'], `p${i}.png`))
  expect(await statusOf(new Request(url, { method: 'POST', body: many }))).toBe(413)
})
