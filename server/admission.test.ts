import { EventEmitter } from 'node:events'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { Admission, HOLD_LIMIT_MS } from './admission.server'

// A real HTTP server whose handler waits until the test lets each request finish.

type Started = { path: string; finish: () => void }

async function serve(admission: Admission) {
  const started: Started[] = []
  const app = express()
  app.use(admission.middleware)
  app.get('/:name', (req, res) => {
    started.push({ path: req.params.name, finish: () => res.send(req.params.name) })
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const get = (name: string, signal?: AbortSignal) =>
    fetch(`http://127.0.0.1:${port}/${name}`, { signal }).then((response) => response.text())
  return { server, started, get }
}

const until = async (condition: () => boolean) => {
  await expect.poll(condition, { timeout: 2000, interval: 5 }).toBe(true)
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

let close: (() => void) | undefined
afterEach(() => {
  close?.()
  close = undefined
})

describe('Admission', () => {
  it('works on at most `limit` requests and lets the others in first come, first served', async () => {
    const admission = new Admission(2)
    const { server, started, get } = await serve(admission)
    close = () => server.close()
    const answers = [get('a'), get('b')]
    await until(() => started.length === 2)
    // One at a time into the line, so the order they wait in is known.
    for (const [index, name] of ['c', 'd', 'e'].entries()) {
      answers.push(get(name))
      await until(() => admission.waiting === index + 1)
    }
    await settle()
    expect(started.length).toBe(2)
    expect(admission.inProgress).toBe(2)

    started[0]?.finish()
    await until(() => started.length === 3)
    await settle()
    expect(started.length).toBe(3)
    started[1]?.finish()
    started[2]?.finish()
    await until(() => started.length === 5)
    started[3]?.finish()
    started[4]?.finish()
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(started.slice(2).map((request) => request.path)).toEqual(['c', 'd', 'e'])
    await until(() => admission.inProgress === 0)
    expect(admission.waiting).toBe(0)
  })

  it('drops a request whose client gave up while it waited, without working on it', async () => {
    const admission = new Admission(1)
    const { server, started, get } = await serve(admission)
    close = () => server.close()
    const first = get('first')
    await until(() => started.length === 1)
    const quitter = new AbortController()
    const gaveUp = get('quitter', quitter.signal).catch((error: Error) => error.name)
    const last = get('last')
    await until(() => admission.waiting === 2)
    quitter.abort()
    expect(await gaveUp).toBe('AbortError')
    await until(() => admission.waiting === 1)

    started[0]?.finish()
    await until(() => started.length === 2)
    expect(started[1]?.path).toBe('last')
    started[1]?.finish()
    expect(await first).toBe('first')
    expect(await last).toBe('last')
    await until(() => admission.inProgress === 0)
  })

  it('stops counting a request held longer than the hold limit, so the line moves on', async () => {
    const admission = new Admission(1, 100)
    const { server, started, get } = await serve(admission)
    close = () => server.close()
    const slow = get('slow')
    await until(() => started.length === 1)
    const next = get('next')
    await until(() => admission.waiting === 1)
    // Within the hold limit the next one waits...
    await settle()
    expect(started.length).toBe(1)
    // ...and once the slow one has held its place for 100 ms, it is let in alongside.
    await until(() => started.length === 2)
    expect(admission.inProgress).toBe(1)
    started[1]?.finish()
    expect(await next).toBe('next')
    started[0]?.finish()
    expect(await slow).toBe('slow')
    await until(() => admission.inProgress === 0)
  })

  describe('turns of the event loop', () => {
    /** Sends `count` requests at once; each works `workMs` without yielding, then answers. */
    async function turnsOf(admission: Admission, count: number, workMs: number) {
      let turn = 0
      let counting = true
      const tick = () => {
        turn++
        if (counting) setImmediate(tick)
      }
      setImmediate(tick)
      const turns: number[] = []
      await Promise.all(
        Array.from(
          { length: count },
          () =>
            new Promise<void>((resolve) => {
              const res = new EventEmitter()
              admission.middleware({} as never, res as never, () => {
                turns.push(turn)
                const end = performance.now() + workMs
                while (performance.now() < end) {
                  // a page rendered on SQLite: no await anywhere
                }
                res.emit('close')
                resolve()
              })
            }),
        ),
      )
      counting = false
      return turns
    }

    it('lets the rest wait for the next turn once a turn has spent its budget', async () => {
      const turns = await turnsOf(new Admission(8, HOLD_LIMIT_MS, 5), 3, 10)
      // Each 10 ms request spends a 5 ms budget: one per turn, so the loop polls between them.
      expect(new Set(turns).size).toBe(3)
      expect(turns).toEqual([...turns].sort((a, b) => a - b))
    })

    it('starts quick requests in the same turn', async () => {
      const turns = await turnsOf(new Admission(8, HOLD_LIMIT_MS, 1000), 3, 1)
      expect(new Set(turns).size).toBe(1)
    })
  })
})
