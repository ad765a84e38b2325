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

  it('probes writes at most once per maxAgeMs, and once for callers that ask together', async () => {
    let probes = 0
    const watch = new DatabaseWatch(async () => {}, log, {
      probeWrites: async () => {
        probes += 1
        await new Promise((resolve) => setTimeout(resolve, 10))
      },
    })
    expect(await Promise.all([watch.checkWrites(5000), watch.checkWrites(5000)])).toEqual([
      true,
      true,
    ])
    expect(await watch.checkWrites(5000)).toBe(true)
    expect(probes).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(await watch.checkWrites(20)).toBe(true)
    expect(probes).toBe(2)
  })

  it('takes no writes while the probe is refused, reads on, and takes them again', async () => {
    let refusal: Error | undefined = Object.assign(new Error('database or disk is full'), {
      code: 'SQLITE_FULL',
    })
    const watch = new DatabaseWatch(async () => {}, log, {
      probeWrites: async () => {
        if (refusal) throw refusal
      },
    })
    expect(await watch.checkWrites(0)).toBe(false)
    expect(watch.writable).toBe(false)
    expect(watch.up).toBe(true)
    // Waiting behind another process's lock says nothing either way.
    refusal = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
    expect(await watch.checkWrites(0)).toBe(false)
    refusal = undefined
    expect(await watch.checkWrites(0)).toBe(true)
    refusal = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
    expect(await watch.checkWrites(0)).toBe(true)
  })

  it('while writes fail, every tick probes them, so they are taken again within a second', async () => {
    let full = true
    let probes = 0
    const watch = new DatabaseWatch(async () => {}, log, {
      intervalMs: 20,
      probeWrites: async () => {
        probes += 1
        if (full) throw Object.assign(new Error('disk full'), { code: '53100' })
      },
    })
    expect(await watch.checkWrites(0)).toBe(false)
    watch.start()
    try {
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(probes).toBeGreaterThan(2)
      full = false
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(watch.writable).toBe(true)
      // Healthy again: ticks only ping.
      const settled = probes
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(probes).toBe(settled)
    } finally {
      watch.stop()
    }
  })

  it('renders a page that needs no database, with the response nonce on its style', () => {
    const html = unavailablePage('abc123')
    expect(html).toContain("We'll be right back")
    expect(html).toContain('<style nonce="abc123">')
  })
})
