import type { RequestHandler } from 'express'

/**
 * How long one request counts against the limit at most. A slow upload, a big export read by
 * a slow client or an order waiting for a lock could otherwise hold places in the line's front
 * for as long as they last; after this they go on uncounted and let the next one in.
 */
export const HOLD_LIMIT_MS = 1000

/**
 * Requests one process works on at once (REQUEST_CONCURRENCY, ADR 16); the others wait in
 * line, first come first served, before any of their work starts.
 *
 * A Node.js process runs one piece of JavaScript at a time. With every request let in, a crowd
 * of 25 shares the process evenly: each database answer waits behind the other requests'
 * rendering before its request can go on, a page that waits for the database six times waits
 * in that queue six times, and a transaction keeps its connection and its row locks all the
 * while. With a few let in, the ones being served finish quickly, and the others wait once, in
 * this line (found by `npm run load`; ADR 16 has the figures).
 */
export class Admission {
  private active = 0
  private readonly line: (() => void)[] = []

  constructor(
    readonly limit: number,
    private readonly holdLimitMs = HOLD_LIMIT_MS,
  ) {}

  /** Requests being worked on (counted against the limit). */
  get inProgress(): number {
    return this.active
  }

  /** Requests waiting for their turn. */
  get waiting(): number {
    return this.line.length
  }

  readonly middleware: RequestHandler = (_req, res, next) => {
    const start = () => {
      this.active += 1
      let counted = true
      const release = () => {
        if (!counted) return
        counted = false
        clearTimeout(timer)
        this.active -= 1
        this.admitNext()
      }
      const timer = setTimeout(release, this.holdLimitMs)
      timer.unref()
      // 'close' comes once the answer is sent, and also when the client goes away first.
      res.once('close', release)
      next()
    }
    if (this.active < this.limit) return start()
    // A client that gives up while waiting leaves the line without taking a place.
    const leave = () => {
      const index = this.line.indexOf(turn)
      if (index >= 0) this.line.splice(index, 1)
    }
    const turn = () => {
      res.off('close', leave)
      start()
    }
    res.once('close', leave)
    this.line.push(turn)
  }

  private admitNext() {
    while (this.active < this.limit) {
      const turn = this.line.shift()
      if (!turn) return
      turn()
    }
  }
}
