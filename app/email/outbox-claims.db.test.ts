import { describe, expect, test } from 'vitest'
import type { DB } from '~/platform/db/db.server'
import { testDialect } from '../../tests/setup/database'
import { OUTBOX_FROM, setUpOutboxTest } from '../../tests/support/outbox'
import {
  claimDueEmails,
  type DrainResult,
  drainOutbox,
  STALE_CLAIM_MS,
  sendEmail,
} from './outbox.server'
import { createSmtpDelivery, type SmtpDelivery } from './transport.server'

// The outbox's claims, on SQLite and on PostgreSQL: several instances draining at once, and a
// worker that crashed or was killed mid-batch, never deliver an email twice or lose one.

const scene = setUpOutboxTest()

describe('drainOutbox over SMTP', () => {
  test('two instances draining at once deliver each of 20 emails exactly once', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 20; i++) {
      ids.add(
        (await sendEmail(scene.t.db, { to: `c${i}@example.com`, subject: `n${i}`, text: 'x' })).id,
      )
    }
    const other = await scene.openSecondInstance()
    const otherDelivery = createSmtpDelivery(scene.smtp.url, OUTBOX_FROM)
    const drainAll = async (db: DB, deliver: SmtpDelivery['deliver']) => {
      const total: DrainResult = { sent: 0, retried: 0, failed: 0 }
      for (;;) {
        const result = await drainOutbox(db, deliver, { batch: 3 })
        total.sent += result.sent
        total.retried += result.retried
        total.failed += result.failed
        if (result.sent + result.retried + result.failed === 0) return total
      }
    }
    try {
      const [a, b] = await Promise.all([
        drainAll(scene.t.db, scene.delivery.deliver),
        drainAll(other, otherDelivery.deliver),
      ])
      expect(a.sent + b.sent).toBe(20)
      expect(a.retried + a.failed + b.retried + b.failed).toBe(0)
    } finally {
      otherDelivery.close()
      await other.destroy()
    }

    const arrivedIds = scene.smtp.messages.map((m) => /^<([^@]+)@/.exec(m.messageId)?.[1])
    expect(arrivedIds).toHaveLength(20)
    expect(new Set(arrivedIds)).toEqual(ids)
    const statuses = await scene.t.db.selectFrom('email_outbox').select('status').execute()
    expect(statuses.every((s) => s.status === 'sent')).toBe(true)
  })

  // SQLite has one writer: a claim there cannot overlap another, so this case exists (and is
  // declared) only on PostgreSQL rather than shown as skipped on SQLite.
  const onPostgres = testDialect() === 'postgres' ? test : () => undefined
  onPostgres(
    'rows another worker is still claiming are skipped, not waited for or taken twice',
    async () => {
      for (let i = 0; i < 10; i++) {
        await sendEmail(scene.t.db, { to: `c${i}@example.com`, subject: `n${i}`, text: 'x' })
      }
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let first: { id: string }[] = []
      let firstClaimed = () => {}
      const claimedInTransaction = new Promise<void>((resolve) => {
        firstClaimed = resolve
      })
      // Worker A claims 5 rows in a transaction it keeps open, so their row locks stay held.
      const workerA = scene.t.db.transaction().execute(async (trx) => {
        first = await claimDueEmails(trx, { limit: 5 })
        firstClaimed()
        await held
      })
      try {
        await claimedInTransaction
        let timer: NodeJS.Timeout | undefined
        const blocked = new Promise<'blocked'>((resolve) => {
          timer = setTimeout(() => resolve('blocked'), 3000)
        })
        const second = await Promise.race([claimDueEmails(scene.t.db, { limit: 10 }), blocked])
        clearTimeout(timer)
        expect(second).not.toBe('blocked')
        const secondIds = second === 'blocked' ? [] : second.map((email) => email.id)
        expect(first).toHaveLength(5)
        expect(secondIds).toHaveLength(5)
        expect(secondIds.filter((id) => first.some((email) => email.id === id))).toEqual([])
      } finally {
        release()
        await workerA
      }
    },
  )

  test('a claim left by a crashed worker is taken over once it is stale, not before', async () => {
    const stale = await sendEmail(scene.t.db, {
      to: 'ann@example.com',
      subject: 'Stale',
      text: 'x',
    })
    const live = await sendEmail(scene.t.db, { to: 'bob@example.com', subject: 'Live', text: 'x' })
    const now = new Date()
    await scene.t.db
      .updateTable('email_outbox')
      .set({ status: 'sending', claimed_at: new Date(now.getTime() - STALE_CLAIM_MS - 1000) })
      .where('id', '=', stale.id)
      .execute()
    await scene.t.db
      .updateTable('email_outbox')
      .set({ status: 'sending', claimed_at: new Date(now.getTime() - 60_000) })
      .where('id', '=', live.id)
      .execute()

    expect(await drainOutbox(scene.t.db, scene.delivery.deliver, { now })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    })
    expect(scene.smtp.messages.map((m) => m.subject)).toEqual(['Stale'])
    expect((await scene.row(stale.id)).status).toBe('sent')
    expect((await scene.row(live.id)).status).toBe('sending')
  })

  test('a worker killed while sending leaves only that email claimed, not its whole batch', async () => {
    for (let i = 0; i < 5; i++) {
      await sendEmail(scene.t.db, { to: `c${i}@example.com`, subject: `n${i}`, text: 'x' })
    }
    let died = () => {}
    const dead = new Promise<void>((resolve) => {
      died = resolve
    })
    let deliveries = 0
    // The second delivery never ends: the process was killed in the middle of it.
    void drainOutbox(scene.t.db, async (email) => {
      deliveries++
      if (deliveries === 2) {
        died()
        await new Promise(() => {})
      }
      await scene.delivery.deliver(email)
    })
    await dead
    const rows = await scene.t.db.selectFrom('email_outbox').select('status').execute()
    expect(rows.map((r) => r.status).sort()).toEqual([
      'pending',
      'pending',
      'pending',
      'sending',
      'sent',
    ])
  })

  test('a worker whose claim was taken over does not overwrite the new result', async () => {
    const { id } = await sendEmail(scene.t.db, {
      to: 'ann@example.com',
      subject: 'Slow',
      text: 'x',
    })
    const result = await drainOutbox(scene.t.db, async () => {
      // Meanwhile the row is reclaimed by another worker, which marks it sent.
      await scene.t.db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: new Date(), claimed_at: null })
        .where('id', '=', id)
        .execute()
      throw new Error('timed out')
    })
    expect(result).toEqual({ sent: 0, retried: 0, failed: 0 })
    expect(await scene.row(id)).toMatchObject({ status: 'sent', attempts: 0, last_error: null })
  })
})
