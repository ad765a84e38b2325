import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signUp } from '~/auth/accounts.server'
import { createTestApp, TEST_BASE_URL } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { action, loader } from './errors'

// The route as the host calls it: a real Request, our load context, the test database.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

const URL_ = `${TEST_BASE_URL}/api/errors`
let lastIp = 0
/** A client address of its own per test, so the rate limit only bites where it is tested. */
const freshIp = () => `203.0.113.${++lastIp}`

function post(
  body: BodyInit | null,
  options: { ip?: string; headers?: Record<string, string>; logLines?: unknown[] } = {},
) {
  const request = new Request(URL_, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'TestBrowser/1.0',
      ...options.headers,
    },
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  const lines = options.logLines ?? []
  const log = pino(
    { level: 'warn' },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  ).child({ requestId: 'req-test' })
  return action({
    request,
    url: new URL(request.url),
    pattern: '/api/errors',
    params: {},
    context: { cspNonce: '', requestId: 'req-test', clientIp: options.ip ?? freshIp(), log },
  })
}

const json = (value: unknown) => JSON.stringify(value)

async function rowsWithMessage(message: string) {
  return t.db
    .selectFrom('error_reports')
    .select(['message', 'level', 'url', 'customer_id', 'user_agent'])
    .where('message', 'like', `${message}%`)
    .orderBy('message')
    .execute()
}

describe('POST /api/errors', () => {
  test('a valid batch is stored and answered 204; each report is logged at warn', async () => {
    const lines: unknown[] = []
    const response = await post(
      json([
        { message: 'stored one', url: 'http://localhost/shop', context: { kind: 'network' } },
        { level: 'warning', message: 'stored two' },
      ]),
      { logLines: lines },
    )
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(await rowsWithMessage('stored ')).toEqual([
      {
        message: 'stored one',
        level: 'error',
        url: 'http://localhost/shop',
        customer_id: null,
        user_agent: 'TestBrowser/1.0',
      },
      {
        message: 'stored two',
        level: 'warning',
        url: null,
        customer_id: null,
        user_agent: 'TestBrowser/1.0',
      },
    ])
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        requestId: 'req-test',
        msg: 'browser error reported',
        errorReport: expect.objectContaining({ message: 'stored one', customerId: null }),
      }),
      expect.objectContaining({
        level: 40,
        errorReport: expect.objectContaining({ message: 'stored two', level: 'warning' }),
      }),
    ])
  })

  test('the signed-in customer is attached; the browser cannot claim one', async () => {
    const ip = freshIp()
    const signedUp = await signUp(
      {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'reporter@example.com',
        password: 'pasture-fresh-42',
        newsletter: false,
      },
      { request: new Request(`${TEST_BASE_URL}/signup`), clientIp: ip },
    )
    if (!signedUp.ok) throw new Error(signedUp.message)
    const cookie = signedUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')
    const customer = await t.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'reporter@example.com')
      .executeTakeFirstOrThrow()

    const response = await post(json([{ message: 'from a customer', customer_id: 'someone' }]), {
      ip,
      headers: { cookie },
    })
    expect(response.status).toBe(204)
    expect(await rowsWithMessage('from a customer')).toEqual([
      expect.objectContaining({ customer_id: customer.id }),
    ])
  })

  test.each([
    ['bad JSON', '[{"message": "unfinished"', 'The request body is not valid JSON.'],
    [
      'an object',
      json({ message: 'x' }),
      'Invalid error report batch: expected a JSON array of error reports.',
    ],
    ['an empty batch', json([]), 'Invalid error report batch: a batch holds at least 1 report.'],
    [
      '11 reports',
      json(Array.from({ length: 11 }, (_, i) => ({ message: `refused ${i}` }))),
      'Invalid error report batch: a batch holds at most 10 reports.',
    ],
    [
      'a 1001-character message',
      json([{ message: `refused ${'m'.repeat(993)}` }]),
      'Invalid error report batch: 0.message: message must be at most 1000 characters.',
    ],
    [
      'a wrong level',
      json([{ message: 'refused level', level: 'panic' }]),
      'Invalid error report batch: 0.level: level must be error, warning or info.',
    ],
  ])('%s is a 400 with a clear message, and nothing is stored', async (_, body, error) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error })
    expect(await rowsWithMessage('refused')).toEqual([])
  })

  test('a body over 64 KiB is a 413, by its Content-Length or by what arrives', async () => {
    const big = json([{ message: 'too big', stack: 'x'.repeat(70_000) }])
    const declared = await post(big)
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({
      error: 'The request body is larger than 65536 bytes.',
    })

    const bytes = new TextEncoder().encode(big)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 8192)
          controller.enqueue(bytes.slice(at, at + 8192))
        controller.close()
      },
    })
    const streamed = await post(stream)
    expect(streamed.status).toBe(413)
    expect(await rowsWithMessage('too big')).toEqual([])
  })

  test('30 requests a minute per client IP, then 429 with Retry-After', async () => {
    const ip = freshIp()
    for (let i = 0; i < 30; i++) {
      // Bad requests count too: flooding with garbage uses up the allowance.
      const response = await post(i % 2 ? json([{ message: `limit ${i}` }]) : 'garbage', { ip })
      expect(response.status).toBe(i % 2 ? 204 : 400)
    }
    const limited = await post(json([{ message: 'limit over' }]), { ip })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('60')
    expect(await limited.json()).toEqual({ error: 'Too many error reports. Please wait a minute.' })
    expect(await rowsWithMessage('limit over')).toEqual([])
    expect((await post(json([{ message: 'limit other ip' }]))).status).toBe(204)
  })
})

test('GET /api/errors is a 405 that names POST', () => {
  const response = loader()
  expect(response.status).toBe(405)
  expect(response.headers.get('Allow')).toBe('POST')
})
