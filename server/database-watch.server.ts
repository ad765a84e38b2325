import type { Response } from 'express'
import type { Logger } from 'pino'
import { isBusyError } from '../app/platform/db/unavailable'
import {
  UNAVAILABLE_HEADERS,
  UNAVAILABLE_STATUS,
  unavailablePage,
} from '../app/platform/http/unavailable-page'

export { unavailablePage }

// Is the database answering, and does it take writes? The host asks before every page, so that
// while the database is away (restarting, failing over) shoppers get a plain "back in a minute"
// page with 503 and Retry-After instead of a 500 per request, and while it answers but takes no
// writes (a full disk, a read-only file or server) every form post gets that page and pages
// that only read keep working. The shop comes back by itself as soon as a ping, or a write
// probe, succeeds again.
//
// One cheap `select 1` every few seconds per instance; a failed page request triggers a ping at
// once, so the switch to 503 does not wait for the next tick. Writes are probed only when asked
// (by /healthz, by a failed request) and never more than once per `maxAgeMs`, so a load
// balancer polling /healthz costs one small write every few seconds, and an idle shop none;
// while writes fail, every tick probes, to notice the moment they work again.

type WatchOptions = {
  intervalMs?: number
  timeoutMs?: number
  /** Throws when the database takes no write (db.server.ts probeWrites). */
  probeWrites?: () => Promise<void>
}

export class DatabaseWatch {
  private healthy = true
  private writesWork = true
  private timer: NodeJS.Timeout | undefined
  private checking: Promise<boolean> | undefined
  private probing: Promise<boolean> | undefined
  private probedAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly log: Logger,
    private readonly options: WatchOptions = {},
  ) {}

  /** The database answers reads. */
  get up(): boolean {
    return this.healthy
  }

  /** The last write probe succeeded (or none has failed yet). */
  get writable(): boolean {
    return this.writesWork
  }

  start(): void {
    const interval = this.options.intervalMs ?? 3000
    const tick = () => {
      void this.check()
        .then((up) => (up && !this.writesWork ? this.checkWrites(0) : undefined))
        .finally(() => {
          const calm = this.healthy && this.writesWork
          this.timer = setTimeout(tick, calm ? interval : Math.min(interval, 1000))
          this.timer.unref()
        })
    }
    this.timer = setTimeout(tick, interval)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
  }

  /** Pings now (once at a time); resolves with whether the database answered. */
  check(): Promise<boolean> {
    this.checking ??= this.pingOnce().finally(() => {
      this.checking = undefined
    })
    return this.checking
  }

  /**
   * Whether writes work: the last probe's answer if it is younger than `maxAgeMs`, else a new
   * probe's (once at a time). Without a probe, writes are taken to work.
   */
  checkWrites(maxAgeMs: number): Promise<boolean> {
    if (!this.options.probeWrites) return Promise.resolve(true)
    if (this.probing) return this.probing
    if (performance.now() - this.probedAt < maxAgeMs) return Promise.resolve(this.writesWork)
    this.probing = this.probeOnce(this.options.probeWrites).finally(() => {
      this.probedAt = performance.now()
      this.probing = undefined
    })
    return this.probing
  }

  private async pingOnce(): Promise<boolean> {
    try {
      await this.withinTimeout(this.ping())
      if (!this.healthy) this.log.warn('database answers again; serving pages')
      this.healthy = true
    } catch (error) {
      if (this.healthy) this.log.error({ err: error }, 'database does not answer; pages get 503')
      this.healthy = false
    }
    return this.healthy
  }

  private async probeOnce(probe: () => Promise<void>): Promise<boolean> {
    try {
      await this.withinTimeout(probe())
      if (!this.writesWork) this.log.warn('database takes writes again; serving form posts')
      this.writesWork = true
    } catch (error) {
      // Waiting behind another process's write says nothing about the disk.
      if (isBusyError(error)) return this.writesWork
      if (this.writesWork) {
        this.log.error({ err: error }, 'database takes no writes; form posts get 503')
      }
      this.writesWork = false
    }
    return this.writesWork
  }

  private async withinTimeout(work: Promise<void>): Promise<void> {
    const timeoutMs = this.options.timeoutMs ?? 2000
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      await Promise.race([work, timeout])
    } finally {
      clearTimeout(timer)
    }
  }
}

/** Sends the "We'll be right back" page (503, Retry-After) with this answer's CSP nonce. */
export function sendUnavailable(res: Response): void {
  res
    .status(UNAVAILABLE_STATUS)
    .set(UNAVAILABLE_HEADERS)
    .send(unavailablePage(res.locals.cspNonce as string))
}
