import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { ClientErrorReport } from './limits'
import {
  BATCH_DELAY_MS,
  createErrorReporter,
  DEDUPE_WINDOW_MS,
  ENDPOINT,
  installErrorReporting,
  MAX_ATTEMPTS,
  MAX_BATCH_BYTES,
  MAX_QUEUE,
  RETRY_DELAY_MS,
  toReport,
} from './reporter.client'

// The queue with fake timers and a fake fetch: what was sent, when, and what was kept.

type Outcome = number | 'network-down'

function fakeFetch(outcomes: Outcome[] = []) {
  const sent: ClientErrorReport[][] = []
  const inits: RequestInit[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(input).toBe(ENDPOINT)
    inits.push(init ?? {})
    sent.push(JSON.parse(String(init?.body)) as ClientErrorReport[])
    const outcome = outcomes.shift() ?? 204
    if (outcome === 'network-down') throw new TypeError('Failed to fetch')
    return new Response(null, { status: outcome })
  })
  return { fetch, sent, inits }
}

const messages = (batch: ClientErrorReport[] | undefined) => batch?.map((r) => r.message)

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00.000Z') })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('batching', () => {
  test('a single report waits a moment, so a burst goes in one request', async () => {
    const { fetch, sent, inits } = fakeFetch()
    const reporter = createErrorReporter({ fetch, url: () => 'http://localhost/shop' })
    reporter.report(new Error('first'))
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS / 2)
    reporter.report(new Error('second'))
    reporter.report('third', { level: 'warning' })
    expect(fetch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS)
    expect(sent).toHaveLength(1)
    expect(messages(sent[0])).toEqual(['first', 'second', 'third'])
    expect(sent[0]?.[0]).toMatchObject({
      level: 'error',
      url: 'http://localhost/shop',
      context: { kind: 'application', name: 'Error' },
      stack: expect.stringContaining('first'),
    })
    expect(sent[0]?.[2]?.level).toBe('warning')
    expect(inits[0]).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
    })
    expect(reporter.pending()).toBe(0)
  })

  test('never more than 10 reports in a request; a full batch goes at once', async () => {
    const { fetch, sent } = fakeFetch()
    const reporter = createErrorReporter({ fetch })
    for (let i = 0; i < 25; i++) reporter.report(new Error(`error ${i}`))
    expect(sent.map((batch) => batch.length)).toEqual([10])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent.map((batch) => batch.length)).toEqual([10, 10])
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS)
    expect(sent.map((batch) => batch.length)).toEqual([10, 10, 5])
    expect(sent.flat().map((r) => r.message)).toEqual(
      Array.from({ length: 25 }, (_, i) => `error ${i}`),
    )
  })

  test('a batch also stops short of keepalive’s 64 KiB', async () => {
    const { fetch, sent } = fakeFetch()
    const reporter = createErrorReporter({ fetch })
    for (let i = 0; i < 10; i++) {
      const error = new Error(`wide ${i}`)
      error.stack = 'é'.repeat(5000) // two bytes each in UTF-8
      reporter.report(error)
    }
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS * 3)
    expect(sent.length).toBeGreaterThan(1)
    for (const batch of sent) {
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(
        MAX_BATCH_BYTES,
      )
    }
    expect(sent.flat()).toHaveLength(10)
  })
})

describe('failures', () => {
  test('a failed send is re-queued and retried after 5 seconds', async () => {
    const { fetch, sent } = fakeFetch(['network-down'])
    const reporter = createErrorReporter({ fetch })
    reporter.report(new Error('lost connection'))
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS)
    expect(sent).toHaveLength(1)
    expect(reporter.pending()).toBe(1)
    // Something new meanwhile waits for the retry instead of hammering a failing server.
    reporter.report(new Error('while waiting'))
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1)
    expect(sent).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toHaveLength(2)
    expect(messages(sent[1])).toEqual(['lost connection', 'while waiting'])
    expect(reporter.pending()).toBe(0)
  })

  test('a report made while a failing request is in flight waits for the retry too', async () => {
    let fail: (error: Error) => void = () => undefined
    const sent: string[][] = []
    const fetch = vi.fn((_: RequestInfo | URL, init?: RequestInit) => {
      sent.push((JSON.parse(String(init?.body)) as ClientErrorReport[]).map((r) => r.message))
      if (sent.length > 1) return Promise.resolve(new Response(null, { status: 204 }))
      return new Promise<Response>((_resolve, reject) => {
        fail = reject
      })
    })
    const reporter = createErrorReporter({ fetch })
    reporter.report(new Error('first'))
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS)
    reporter.report(new Error('during the request'))
    fail(new TypeError('Failed to fetch'))
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1)
    expect(sent).toEqual([['first']])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([['first'], ['first', 'during the request']])
  })

  test.each([500, 503, 429, 408])('HTTP %i is retried', async (status) => {
    const { fetch, sent } = fakeFetch([status])
    const reporter = createErrorReporter({ fetch })
    reporter.report(new Error('server trouble'))
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS + RETRY_DELAY_MS)
    expect(sent.map(messages)).toEqual([['server trouble'], ['server trouble']])
  })

  test.each([400, 413])('HTTP %i drops the batch: it would be refused again', async (status) => {
    const { fetch, sent } = fakeFetch([status])
    const reporter = createErrorReporter({ fetch })
    reporter.report(new Error('refused'))
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS + RETRY_DELAY_MS * 2)
    expect(sent).toHaveLength(1)
    expect(reporter.pending()).toBe(0)
  })

  test(`a report is given up after ${MAX_ATTEMPTS} failed sends`, async () => {
    const { fetch, sent } = fakeFetch(Array.from({ length: 20 }, () => 'network-down' as const))
    const reporter = createErrorReporter({ fetch })
    reporter.report(new Error('never arrives'))
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS + RETRY_DELAY_MS * 10)
    expect(sent).toHaveLength(MAX_ATTEMPTS)
    expect(reporter.pending()).toBe(0)
  })

  test(`the queue keeps the newest ${MAX_QUEUE} reports`, async () => {
    const { fetch, sent } = fakeFetch(Array.from({ length: 20 }, () => 'network-down' as const))
    const reporter = createErrorReporter({ fetch })
    for (let i = 0; i < 70; i++) reporter.report(new Error(`error ${i}`))
    await vi.advanceTimersByTimeAsync(0)
    expect(messages(sent[0])).toEqual(Array.from({ length: 10 }, (_, i) => `error ${i}`))
    expect(reporter.pending()).toBe(MAX_QUEUE)
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS)
    // The first ten came back after failing but were the oldest; 20..69 survive.
    expect(messages(sent[1])?.[0]).toBe('error 20')
  })
})

describe('what is reported', () => {
  test('the same message again within the window is reported once', async () => {
    const { fetch, sent } = fakeFetch()
    const reporter = createErrorReporter({ fetch })
    expect(reporter.report(new Error('again'))).toBe(true)
    expect(reporter.report(new Error('again'))).toBe(false)
    expect(reporter.report(new Error('again'), { level: 'warning' })).toBe(true)
    await vi.advanceTimersByTimeAsync(DEDUPE_WINDOW_MS)
    expect(reporter.report(new Error('again'))).toBe(true)
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS)
    expect(sent.flat().map((r) => `${r.level} ${r.message}`)).toEqual([
      'error again',
      'warning again',
      'error again',
    ])
  })

  test('every field is cut to the limits the server enforces', () => {
    const error = new Error('m'.repeat(1500))
    error.stack = 's'.repeat(9000)
    const report = toReport(
      error,
      { context: { note: 'n'.repeat(500), nested: { a: 1 } as unknown as string } },
      `https://shop.example/${'u'.repeat(3000)}`,
    )
    expect(report.message).toHaveLength(1000)
    expect(report.stack).toHaveLength(5000)
    expect(report.url).toHaveLength(2000)
    expect(report.context).toEqual({ kind: 'application', name: 'Error', note: 'n'.repeat(200) })
  })

  test('a context too big as JSON loses keys until it fits', () => {
    const context = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`k${i}`, 'v'.repeat(150)]),
    )
    const report = toReport(new Error('big'), { context })
    expect(JSON.stringify(report.context).length).toBeLessThanOrEqual(2000)
    expect(report.context).toMatchObject({ kind: 'application', k0: 'v'.repeat(150) })
  })

  test('anything thrown becomes a message', () => {
    expect(toReport('plain text').message).toBe('plain text')
    expect(toReport({ message: 'from an object', code: '23505' })).toMatchObject({
      message: 'from an object',
      context: { kind: 'database' },
    })
    expect(toReport({ reason: 42 }).message).toBe('{"reason":42}')
    expect(toReport(undefined).message).toBe('Unknown error')
    expect(toReport(new RangeError('')).message).toBe('RangeError')
  })
})

describe('installErrorReporting', () => {
  function fakePage() {
    const window = new EventTarget()
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    vi.stubGlobal('window', window)
    vi.stubGlobal('document', document)
    const { fetch, sent } = fakeFetch()
    vi.stubGlobal('fetch', fetch)
    return { window, document, sent }
  }

  test('uncaught errors and rejections are reported and handed on; pagehide sends now', async () => {
    const page = fakePage()
    const onError = vi.fn()
    const onRejection = vi.fn()
    const uninstall = installErrorReporting({ onError, onRejection })

    const error = new Error('boom in a handler')
    page.window.dispatchEvent(
      Object.assign(new Event('error'), { error, message: error.message, filename: 'x.js' }),
    )
    page.window.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new TypeError('Failed to fetch') }),
    )
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onRejection).toHaveBeenCalledTimes(1)

    page.window.dispatchEvent(new Event('pagehide'))
    await vi.advanceTimersByTimeAsync(0)
    expect(page.sent).toHaveLength(1)
    expect(page.sent[0]).toEqual([
      expect.objectContaining({
        message: 'boom in a handler',
        context: expect.objectContaining({ source: 'window.error', file: 'x.js' }),
      }),
      expect.objectContaining({
        message: 'Failed to fetch',
        context: { kind: 'network', name: 'TypeError', source: 'unhandledrejection' },
      }),
    ])

    uninstall()
    page.window.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after') }))
    expect(onError).toHaveBeenCalledTimes(1)
  })

  test('browser noise is ignored', async () => {
    const page = fakePage()
    const onError = vi.fn()
    const uninstall = installErrorReporting({ onError })
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'Script error.',
    ]) {
      page.window.dispatchEvent(Object.assign(new Event('error'), { error: null, message }))
    }
    expect(onError).not.toHaveBeenCalled()
    uninstall()
  })

  test('hiding the page sends what is queued', async () => {
    const page = fakePage()
    const uninstall = installErrorReporting()
    page.window.dispatchEvent(Object.assign(new Event('error'), { error: new Error('hidden') }))
    page.document.visibilityState = 'hidden'
    page.document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(page.sent.flat().map((r) => r.message)).toContain('hidden')
    uninstall()
  })
})
