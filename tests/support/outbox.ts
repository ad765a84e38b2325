import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { createSmtpDelivery, type SmtpDelivery } from '../../app/email/transport.server'
import { type DB, openDatabase } from '../../app/platform/db/db.server'
import { createTestDatabase, type TestDatabase, withDatabase } from '../setup/database'
import { startTestSmtpServer, type TestSmtpServer } from '../setup/smtp'

// For the outbox's data-layer tests: a fresh database and a real SMTP server on loopback, made
// before the file's tests and closed after them, the outbox emptied before each test.

export const OUTBOX_FROM = 'Hillside Farm <shop@farm.example>'

export type OutboxTest = {
  readonly t: TestDatabase
  readonly smtp: TestSmtpServer
  readonly delivery: SmtpDelivery
  row(id: string): ReturnType<typeof readRow>
  /** A second connection to the same database, as a second app instance would have. */
  openSecondInstance(): Promise<DB>
}

function readRow(db: DB, id: string) {
  return db
    .selectFrom('email_outbox')
    .select(['status', 'attempts', 'last_error', 'send_after', 'sent_at', 'claimed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** Call once at the top of a test file. */
export function setUpOutboxTest(): OutboxTest {
  let t: TestDatabase | undefined
  let smtp: TestSmtpServer | undefined
  let delivery: SmtpDelivery | undefined
  beforeAll(async () => {
    t = await createTestDatabase()
    smtp = await startTestSmtpServer()
    delivery = createSmtpDelivery(smtp.url, OUTBOX_FROM)
  })
  afterAll(async () => {
    delivery?.close()
    await smtp?.close()
    await t?.cleanup()
  })
  beforeEach(async () => {
    await started(t).db.deleteFrom('email_outbox').execute()
    started(smtp).messages.length = 0
    started(smtp).rejectNext(0)
  })
  return {
    get t() {
      return started(t)
    },
    get smtp() {
      return started(smtp)
    },
    get delivery() {
      return started(delivery)
    },
    row: (id) => readRow(started(t).db, id),
    async openSecondInstance() {
      const { db, dialect } = started(t)
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ file: string }>`
          select file from pragma_database_list where name = 'main'`.execute(db)
        return openDatabase({ kind: 'sqlite', path: rows[0]?.file ?? '' })
      }
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db)
      return openDatabase({
        kind: 'postgres',
        url: withDatabase(inject('pgServerUrl'), rows[0]?.name ?? ''),
      })
    },
  }
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the outbox test is used before beforeAll')
  return value
}
