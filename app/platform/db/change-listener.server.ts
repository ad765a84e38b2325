import pg from 'pg'
import type { Logger } from 'pino'

/** The channel the change triggers notify on (migration 0007), with the table's name. */
const CHANGES_CHANNEL = 'farm_shop_changes'

const RECONNECT_MS = 1000

/** A table changed, or `lost`: the listener was cut off and may have missed some. */
export type ChangeNotice = { table: string } | { lost: true }

/**
 * One PostgreSQL connection per process that LISTENs for the change triggers' notices, so
 * every process, on every machine, hears when a table it keeps rows of was written, by
 * whatever wrote it (the admin, a migration, someone in psql). Opened on the first subscriber;
 * when the connection drops it says `lost` and tries again every second.
 */
export class ChangeListener {
  private client: pg.Client | undefined
  private live = false
  private stopped = false
  private retry: NodeJS.Timeout | undefined
  private readonly subscribers = new Set<(notice: ChangeNotice) => void>()

  constructor(
    private readonly url: string,
    private readonly log?: Logger,
  ) {}

  /** True while notices are being heard: only then may anything be kept on their word. */
  get listening(): boolean {
    return this.live
  }

  subscribe(subscriber: (notice: ChangeNotice) => void): void {
    this.subscribers.add(subscriber)
    this.connect()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retry)
    const client = this.client
    this.client = undefined
    this.live = false
    await client?.end().catch(() => undefined)
  }

  private connect(): void {
    if (this.client || this.stopped) return
    const client = new pg.Client({ connectionString: this.url })
    this.client = client
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload)
        this.tell({ table: message.payload })
    })
    client.on('error', (error) => this.lose(client, error))
    client.on('end', () => this.lose(client))
    client
      .connect()
      .then(() => client.query(`listen ${CHANGES_CHANNEL}`))
      .then(
        () => {
          if (this.client === client) this.live = true
        },
        (error: Error) => this.lose(client, error),
      )
  }

  private lose(client: pg.Client, error?: Error): void {
    if (this.client !== client) return
    this.client = undefined
    if (this.live) this.log?.warn({ err: { message: error?.message } }, 'change listener lost')
    this.live = false
    this.tell({ lost: true })
    client.end().catch(() => undefined)
    if (this.stopped) return
    this.retry = setTimeout(() => this.connect(), RECONNECT_MS)
    this.retry.unref()
  }

  private tell(notice: ChangeNotice): void {
    for (const subscriber of this.subscribers) subscriber(notice)
  }
}
