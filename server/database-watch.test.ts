import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { DatabaseWatch, unavailablePage } from './database-watch.server'

const log = pino({ level: 'silent' })

describe('DatabaseWatch', () => {
  it('goes down when a ping fails or hangs, and up again when one answers', async () => {
    let mode: 'ok' | 'fail' | 'hang' = 'ok'
    const watch = new DatabaseWatch(
      async () => {
        if (mode === 'fail') throw new Error('connection refused')
        if (mode === 'hang') await new Promise(() => {})
      },
      log,
      { timeoutMs: 50 },
    )
    expect(await watch.check()).toBe(true)
    mode = 'fail'
    expect(await watch.check()).toBe(false)
    expect(watch.up).toBe(false)
    mode = 'ok'
    expect(await watch.check()).toBe(true)
    mode = 'hang'
    expect(await watch.check()).toBe(false)
    mode = 'ok'
    expect(await watch.check()).toBe(true)
  })

  it('pings once for callers that ask at the same time', async () => {
    let pings = 0
    const watch = new DatabaseWatch(async () => {
      pings += 1
      await new Promise((resolve) => setTimeout(resolve, 10))
    }, log)
    await Promise.all([watch.check(), watch.check(), watch.check()])
    expect(pings).toBe(1)
  })

  it('renders a page that needs no database, with the response nonce on its style', () => {
    const html = unavailablePage('abc123')
    expect(html).toContain("We'll be right back")
    expect(html).toContain('<style nonce="abc123">')
  })
})
