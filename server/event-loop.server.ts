import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks'

// How late each process's event loop runs: a request that arrives while the loop is busy (a
// long render, a synchronous call, garbage collection) waits that long before any of the
// shop's code sees it, so the request log and its duration histogram cannot show it. Node's
// own sampler (a libuv timer every RESOLUTION_MS, recorded in C++) costs next to nothing.

const RESOLUTION_MS = 10

/** One process's event-loop delay over a window, in seconds. */
export type EventLoopFigures = {
  /** 'main' (one process), 'primary' or 'worker-N' (WEB_CONCURRENCY, ADR 15) */
  process: string
  p50: number
  p99: number
  max: number
  /** timer samples in the window */
  count: number
  /** sum of the delays, for a Prometheus summary */
  sum: number
}

export class EventLoopDelay {
  private readonly histogram: IntervalHistogram

  constructor(readonly process: string) {
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
    this.histogram.enable()
  }

  /**
   * The figures since the previous call (or the start), and a new window begins. Node records
   * the time between two runs of its timer, so the timer's own interval is taken off.
   */
  take(): EventLoopFigures {
    const h = this.histogram
    const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e9 - RESOLUTION_MS / 1000)
    const count = h.count
    const figures: EventLoopFigures = {
      process: this.process,
      p50: count ? late(h.percentile(50)) : 0,
      p99: count ? late(h.percentile(99)) : 0,
      max: count ? late(h.max) : 0,
      count,
      sum: count ? late(h.mean) * count : 0,
    }
    h.reset()
    return figures
  }

  stop(): void {
    this.histogram.disable()
  }
}
