import { randomUUID } from 'node:crypto'
import { type Kysely, SqliteAdapter } from 'kysely'
import type { Database } from '~/platform/db/schema'

// The email outbox (ADR 5). Business code calls sendEmail inside its own transaction, so an
// email exists exactly when the change that caused it commits. A worker (worker.server.ts)
// claims due rows, hands each to a delivery function and records what happened.

/** The database or an open transaction (Kysely's Transaction extends Kysely). */
type Executor = Kysely<Database>

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'not_sent'

/** A file sent with an email, as text (a calendar entry). */
export type EmailAttachment = { filename: string; contentType: string; content: string }

export type EmailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  /** Which template made it, for the log and the admin's view of the outbox */
  template?: string
  attachments?: readonly EmailAttachment[]
}

/** What a delivery function receives: the message as it was queued, plus its row id. */
export type OutboxEmail = {
  id: string
  to: string
  subject: string
  text: string
  html: string | null
  template: string | null
  attachments: EmailAttachment[]
  /** Failed attempts so far */
  attempts: number
}

function readAttachments(json: string | null): EmailAttachment[] {
  if (!json) return []
  const parsed: unknown = JSON.parse(json)
  return Array.isArray(parsed) ? (parsed as EmailAttachment[]) : []
}

export type Deliver = (email: OutboxEmail) => Promise<void>

/**
 * A claim older than this is taken to belong to a worker that died mid-run. It must stay far
 * above the longest a live delivery can take (the SMTP transport gives up after about a
 * minute), or a slow send could be claimed and sent a second time.
 */
export const STALE_CLAIM_MS = 10 * 60 * 1000
export const DEFAULT_MAX_ATTEMPTS = 5
export const DEFAULT_BATCH = 10
const MAX_ERROR_LENGTH = 1000
const FIRST_RETRY_MS = 30 * 1000
const MAX_RETRY_MS = 60 * 60 * 1000

/** Queues an email; pass the caller's transaction so a rollback takes the email with it. */
export async function sendEmail(db: Executor, message: EmailMessage): Promise<{ id: string }> {
  const id = randomUUID()
  await db
    .insertInto('email_outbox')
    .values({
      id,
      to_address: message.to,
      // A subject is one header line: a line break from a stored name (a farm name typed with
      // one, or pasted) must never start a header of its own.
      subject: message.subject.replace(/\s*[\r\n]+\s*/g, ' '),
      text_body: message.text,
      html_body: message.html ?? null,
      template: message.template ?? null,
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      status: 'pending',
      // The app's clock, not the database's: workers compare send_after with their own
      // clock, and PostgreSQL's now() carries microseconds a JavaScript Date cannot.
      send_after: new Date(),
    })
    .execute()
  return { id }
}

/** Wait before attempt n + 1 after n failures: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failedAttempts - 1, 0), MAX_RETRY_MS)
}

type Claimed = OutboxEmail & { claimedAt: Date }

/**
 * Takes up to `limit` due rows for this worker: pending ones whose send_after has come, and
 * 'sending' ones whose worker must have died. One UPDATE marks and returns them, so two
 * workers never get the same row: PostgreSQL locks the chosen rows and other workers skip
 * them (FOR UPDATE SKIP LOCKED) rather than wait and then find them taken; SQLite has a
 * single writer, so the statement runs whole before anyone else's.
 */
export async function claimDueEmails(
  db: Executor,
  { limit = DEFAULT_BATCH, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<Claimed[]> {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS)
  // A dialect branch (the other is releaseClaimsOfEarlierRuns): SQLite has no row locks to
  // take or skip.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  const rows = await db
    .updateTable('email_outbox')
    .set({ status: 'sending', claimed_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('email_outbox')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'pending'), w('send_after', '<=', now)]),
            w.and([w('status', '=', 'sending'), w('claimed_at', '<', staleBefore)]),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .$if(!sqlite, (q) => q.forUpdate().skipLocked()),
    )
    .returning([
      'id',
      'to_address',
      'subject',
      'text_body',
      'html_body',
      'template',
      'attachments',
      'attempts',
      'created_at',
    ])
    .execute()
  // RETURNING promises no order; deliver oldest first, as claimed.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id))
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    template: row.template,
    attachments: readAttachments(row.attachments),
    attempts: row.attempts,
    claimedAt: now,
  }))
}

/**
 * Moves a claimed row on, but only while the claim is still ours: a worker that outlived its
 * claim (see STALE_CLAIM_MS) must not overwrite what the worker that took over recorded.
 */
async function settle(
  db: Executor,
  email: Claimed,
  changes: {
    status: Exclude<OutboxStatus, 'sending'>
    attempts?: number
    last_error?: string
    send_after?: Date
    sent_at?: Date
  },
): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({ ...changes, claimed_at: null })
    .where('id', '=', email.id)
    .where('status', '=', 'sending')
    .where('claimed_at', '=', email.claimedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.slice(0, MAX_ERROR_LENGTH) || 'unknown error'
}

export type DrainOptions = { now?: Date; maxAttempts?: number; batch?: number }
export type DrainResult = { sent: number; retried: number; failed: number }

/**
 * Delivers up to `batch` due emails, claiming each one just before delivering it: a worker
 * killed mid-run (SIGKILL, a crash, a lost machine) leaves at most the one email it was sending
 * claimed, not a whole batch waiting out STALE_CLAIM_MS. A failed delivery is retried later
 * with exponential backoff (retryDelayMs) until maxAttempts, then marked 'failed' with the
 * reason. Counts adding up to `batch` mean more rows may be waiting.
 */
export async function drainOutbox(
  db: Executor,
  deliver: Deliver,
  {
    now = new Date(),
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
    batch = DEFAULT_BATCH,
  }: DrainOptions = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 }
  for (let n = 0; n < batch; n++) {
    const [email] = await claimDueEmails(db, { limit: 1, now })
    if (!email) break
    try {
      await deliver(email)
    } catch (error) {
      const attempts = email.attempts + 1
      const gaveUp = attempts >= maxAttempts
      const settled = await settle(db, email, {
        status: gaveUp ? 'failed' : 'pending',
        attempts,
        last_error: errorMessage(error),
        send_after: gaveUp ? undefined : new Date(now.getTime() + retryDelayMs(attempts)),
      })
      if (settled) result[gaveUp ? 'failed' : 'retried']++
      continue
    }
    if (await settle(db, email, { status: 'sent', sent_at: new Date() })) result.sent++
  }
  return result
}

/**
 * Puts back what a previous run of the shop left claimed, when the worker starts. On SQLite
 * one process sends email (the shop, or its primary with HTTP workers, ADR 15), so a row still
 * 'sending' then was claimed by a process that is gone, killed mid-delivery: it goes back to 'pending' now rather than after
 * STALE_CLAIM_MS. Whether that one email reached the mail server before the kill cannot be
 * known; it is sent (again) with the same Message-ID. On PostgreSQL another instance that is
 * alive may hold such a claim, so there the stale timeout stays the only way back.
 */
export async function releaseClaimsOfEarlierRuns(
  db: Executor,
  startedAt = new Date(),
): Promise<number> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return 0
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'pending', claimed_at: null })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', startedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Without SMTP the worker still claims due rows (so several instances report each one
 * once), hands each to `report` (the log) and marks it 'not_sent'. Such rows are never sent
 * later, even once SMTP is configured: a stale reset link helps nobody.
 */
export async function drainOutboxWithoutSmtp(
  db: Executor,
  report: (email: OutboxEmail) => void,
  { now = new Date(), batch = DEFAULT_BATCH }: Omit<DrainOptions, 'maxAttempts'> = {},
): Promise<{ notSent: number }> {
  let notSent = 0
  for (const email of await claimDueEmails(db, { limit: batch, now })) {
    report(email)
    if (await settle(db, email, { status: 'not_sent' })) notSent++
  }
  return { notSent }
}
