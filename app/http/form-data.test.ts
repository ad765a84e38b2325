import { expect, test } from 'vitest'
import { readForm } from './form-data'

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
