import type { Logger } from 'pino'
import type { DB } from '~/platform/db/db.server'
import { redactForLog } from './log-redaction'
import {
  DEFAULT_BATCH,
  DEFAULT_MAX_ATTEMPTS,
  drainOutbox,
  drainOutboxWithoutSmtp,
  type OutboxEmail,
  releaseClaimsOfEarlierRuns,
} from './outbox.server'
import { createSmtpDelivery, type SmtpDelivery } from './transport.server'

// The outbox worker runs inside every app instance (in its primary process when it has HTTP
// workers, ADR 15); claims in the database keep instances from sending the same email (ADR 5).
// It polls, because an INSERT in someone else's transaction cannot wake it on SQLite, and a few
// seconds of delay is fine for email.

export type OutboxWorkerOptions = {
  db: DB
  /**
   * Without it nothing is sent: each email is written to the log, its links and tokens
   * redacted, and marked 'not_sent' (Admin > Emails shows the whole email).
   */
  smtpUrl: string | undefined
  mailFrom: string
  log: Logger
  intervalMs?: number
  batch?: number
  maxAttempts?: number
}

export type OutboxWorker = {
  /** Waits for a run in progress, then stops polling and closes the SMTP transport. */
  stop(): Promise<void>
  /** Runs now (after any run in progress) and resolves when the outbox has been worked. */
  drainNow(): Promise<void>
}

export function startOutboxWorker({
  db,
  smtpUrl,
  mailFrom,
  log,
  intervalMs = 2000,
  batch = DEFAULT_BATCH,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
}: OutboxWorkerOptions): OutboxWorker {
  const workerLog = log.child({ component: 'email-outbox' })
  const smtp = smtpUrl ? createSmtpDelivery(smtpUrl, mailFrom) : undefined
  if (!smtp) workerLog.info('SMTP_URL is not set: emails are written to the log, not sent')
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const startedAt = new Date()
  // Runs are chained, never overlapping: the timer and drainNow() both queue onto this. First
  // in line: what an earlier run of the shop, killed mid-send, left claimed.
  let chain: Promise<void> = releaseClaimsOfEarlierRuns(db, startedAt).then(
    (released) => {
      if (released > 0)
        workerLog.warn({ released }, 'emails left sending by an earlier run queued again')
    },
    (error) => workerLog.error({ err: error }, 'email outbox run failed'),
  )

  const deliverAndLog = async (transport: SmtpDelivery, email: OutboxEmail) => {
    try {
      await transport.deliver(email)
      workerLog.info({ emailId: email.id, template: email.template }, 'email sent')
    } catch (error) {
      workerLog.warn(
        { err: error, emailId: email.id, template: email.template, attempt: email.attempts + 1 },
        'email delivery failed',
      )
      throw error
    }
  }

  const report = (email: OutboxEmail) => {
    workerLog.info(
      {
        emailId: email.id,
        template: email.template,
        to: email.to,
        subject: email.subject,
        text: redactForLog(email.text),
      },
      'email not sent: SMTP_URL is not set, so here is what would have gone out (links redacted; the whole email is in Admin > Emails)',
    )
  }

  /** One pass: batch after batch while batches come back full, so a backlog clears. */
  async function work() {
    try {
      while (!stopped) {
        let handled: number
        if (smtp) {
          const { sent, retried, failed } = await drainOutbox(
            db,
            (email) => deliverAndLog(smtp, email),
            {
              batch,
              maxAttempts,
            },
          )
          if (failed > 0) workerLog.error({ failed }, 'emails given up after too many attempts')
          handled = sent + retried + failed
        } else {
          handled = (await drainOutboxWithoutSmtp(db, report, { batch })).notSent
        }
        if (handled < batch) break
      }
    } catch (error) {
      // The database may be restarting; the next run tries again.
      workerLog.error({ err: error }, 'email outbox run failed')
    }
  }

  function schedule() {
    clearTimeout(timer)
    if (stopped) return
    timer = setTimeout(() => {
      void run().then(schedule)
    }, intervalMs)
    // The worker alone must never keep the process alive.
    timer.unref()
  }

  function run(): Promise<void> {
    chain = chain.then(work)
    return chain
  }

  schedule()

  return {
    async drainNow() {
      if (stopped) return
      clearTimeout(timer)
      await run()
      schedule()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await chain
      smtp?.close()
    },
  }
}
