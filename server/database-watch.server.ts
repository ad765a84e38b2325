import type { Logger } from 'pino'

// Is the database answering? The host asks this before every page, so that while the database
// is away (restarting, failing over, a full disk) shoppers get a plain "back in a minute" page
// with 503 and Retry-After instead of a 500 per request, and the shop comes back by itself as
// soon as a ping succeeds again. One cheap `select 1` every few seconds per instance; a failed
// page request triggers a ping at once, so the switch to 503 does not wait for the next tick.

export class DatabaseWatch {
  private healthy = true
  private timer: NodeJS.Timeout | undefined
  private checking: Promise<boolean> | undefined

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly log: Logger,
    private readonly options: { intervalMs?: number; timeoutMs?: number } = {},
  ) {}

  get up(): boolean {
    return this.healthy
  }

  start(): void {
    const interval = this.options.intervalMs ?? 3000
    const tick = () => {
      void this.check().finally(() => {
        this.timer = setTimeout(tick, this.healthy ? interval : Math.min(interval, 1000))
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

  private async pingOnce(): Promise<boolean> {
    const timeoutMs = this.options.timeoutMs ?? 2000
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      await Promise.race([this.ping(), timeout])
      if (!this.healthy) this.log.warn('database answers again; serving pages')
      this.healthy = true
    } catch (error) {
      if (this.healthy) this.log.error({ err: error }, 'database does not answer; pages get 503')
      this.healthy = false
    } finally {
      clearTimeout(timer)
    }
    return this.healthy
  }
}

/** The page shoppers see while the database is away: no database needed to render it. */
export function unavailablePage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back in a minute | Farm Shop</title>
<style nonce="${nonce}">
body{margin:0;font-family:system-ui,sans-serif;background:#fbf7f1;color:#1f2421}
main{max-width:36rem;margin:15vh auto;padding:0 1.5rem;text-align:center}
h1{color:#27431a;font-size:2rem}
a{color:#27431a;font-weight:600}
</style>
</head>
<body>
<main>
<h1>We'll be right back</h1>
<p>The shop is taking a short break. Your cart and orders are safe.</p>
<p>Please try again in a minute. <a href="">Reload the page</a></p>
</main>
</body>
</html>`
}
