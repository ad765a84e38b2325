import type { RequestHandler } from 'express'

/**
 * How long one request counts against the limit at most. A slow upload, a big export read by
 * a slow client or an order waiting for a lock could otherwise hold places in the line's front
 * for as long as they last; after this they go on uncounted and let the next one in.
 */
export const HOLD_LIMIT_MS = 1000

/**
 * How long one turn of the event loop goes on starting requests before the rest wait for the
 * next turn. Node.js 20 (libuv 1.45 and later) accepts one new connection per turn; a turn that
 * renders every waiting page (on SQLite a request runs start to end without yielding) leaves
 * new connections in the kernel's queue for seconds (issue 18, ADR 22).
 */
export const TURN_BUDGET_MS = 5

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
 *
 * A turn of the event loop starts requests for TURN_BUDGET_MS at most (at least one); the others
 * wait in the same line for the next turn. Between turns the loop accepts a connection, reads
 * what arrived and runs its timers, so a new shopper waits a few milliseconds per connection
 * ahead of theirs, not for every open connection's page each time (`npm run bench:latency`).
 */
export class Admission {
  private active = 0
  private readonly line: (() => void)[] = []
  /** When this turn of the event loop started its first request; undefined before that. */
  private turnStartedAt: number | undefined
  private turnScheduled = false

  constructor(
    readonly limit: number,
    private readonly holdLimitMs = HOLD_LIMIT_MS,
    private readonly turnBudgetMs = TURN_BUDGET_MS,
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
    if (this.line.length === 0 && this.active < this.limit && this.turnHasTime()) return start()
    // A client that gives up while waiting leaves the line without taking a place.
    const leave = () => {
      const index = this.line.indexOf(letIn)
      if (index >= 0) this.line.splice(index, 1)
    }
    const letIn = () => {
      res.off('close', leave)
      start()
    }
    res.once('close', leave)
    this.line.push(letIn)
    this.scheduleTurn()
  }

  /** May this turn of the event loop start another request? The first always may. */
  private turnHasTime(): boolean {
    const now = performance.now()
    if (this.turnStartedAt === undefined) {
      this.turnStartedAt = now
      this.scheduleTurn()
      return true
    }
    return now - this.turnStartedAt < this.turnBudgetMs
  }

  /**
   * The next turn begins with a fresh budget and lets the line move. (An immediate set while
   * immediates run waits for the next turn, after the loop has polled.)
   */
  private scheduleTurn() {
    if (this.turnScheduled) return
    this.turnScheduled = true
    setImmediate(() => {
      this.turnScheduled = false
      this.turnStartedAt = undefined
      this.admitNext()
    })
  }

  /**
   * Lets in one request, if the turn has time left. Called when a request lets go of its place
   * and at each turn. Only one: a request's work runs after this returns (in promise
   * callbacks), so the clock shows what it cost the turn only once it lets go of its place.
   */
  private admitNext() {
    if (this.line.length === 0 || this.active >= this.limit) return
    if (!this.turnHasTime()) return this.scheduleTurn()
    this.line.shift()?.()
  }
}
