import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { createCustomer } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { claimDueEmails, sendEmail } from '../outbox.server'
import { getOutboxEmail, listOutbox, resendEmail } from './outbox.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestDatabase()
  adminId = (
    await createCustomer(t.db, {
      first_name: 'Ruth',
      last_name: 'H',
      email: 'ruth@example.com',
      is_admin: true,
    })
  ).id
})
afterAll(async () => {
  await t?.cleanup()
})
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute()
  await t.db.deleteFrom('email_outbox').execute()
})

async function email(status: string, extra: { attempts?: number; last_error?: string } = {}) {
  const { id } = await sendEmail(t.db, {
    to: 'ann@example.com',
    subject: `A ${status} email`,
    text: 'Hello\nAnn',
    template: 'welcome',
  })
  await t.db
    .updateTable('email_outbox')
    .set({ status, ...extra })
    .where('id', '=', id)
    .execute()
  return id
}

const page = pageRequest(new URL('http://x/admin/emails'))

describe('the outbox for the admin', () => {
  test('filters by status with counts of each; one email with its text body', async () => {
    await email('sent')
    const failed = await email('failed', { attempts: 5, last_error: 'connection refused' })
    await email('not_sent')
    const all = await listOutbox(t.db, { status: null, page })
    expect(all.info.total).toBe(3)
    expect(all.counts).toEqual({ pending: 0, sending: 0, sent: 1, failed: 1, not_sent: 1 })
    const onlyFailed = await listOutbox(t.db, { status: 'failed', page })
    expect(onlyFailed.emails).toEqual([
      expect.objectContaining({
        id: failed,
        attempts: 5,
        last_error: 'connection refused',
        template: 'welcome',
      }),
    ])
    expect(await getOutboxEmail(t.db, failed)).toMatchObject({ text_body: 'Hello\nAnn' })
    expect(await getOutboxEmail(t.db, 'nope')).toBeNull()
  })

  test('a failed or never-sent email goes back to pending, once, audited; others are refused', async () => {
    const failed = await email('failed', { attempts: 5, last_error: 'connection refused' })
    const notSent = await email('not_sent')
    const sent = await email('sent')
    expect(await resendEmail(t.db, { id: failed, actorId: adminId })).toBe('queued')
    expect(await resendEmail(t.db, { id: failed, actorId: adminId })).toBe('not_resendable')
    expect(await resendEmail(t.db, { id: notSent, actorId: adminId })).toBe('queued')
    expect(await resendEmail(t.db, { id: sent, actorId: adminId })).toBe('not_resendable')
    expect(await resendEmail(t.db, { id: 'nope', actorId: adminId })).toBe('not_found')

    const row = await t.db
      .selectFrom('email_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', failed)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'pending', attempts: 0, last_error: null })
    // The worker picks it up like any other due email.
    const claimed = await claimDueEmails(t.db, { now: new Date(Date.now() + 1000) })
    expect(claimed.map((c) => c.id).sort()).toEqual([failed, notSent].sort())

    const log = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'entity_type', 'entity_id', 'details'])
      .execute()
    expect(log).toHaveLength(2)
    expect(log.find((entry) => entry.entity_id === failed)).toMatchObject({
      actor_id: adminId,
      action: 'email.resend',
      entity_type: 'email',
    })
  })
})
