import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { createCustomer } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { listMessages, openMessage, replyHref, setMessageStatus } from './messages.server'

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
  await t.db.deleteFrom('contact_submissions').execute()
})

let minute = 0
async function message(subject = 'visit', status = 'unread') {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('contact_submissions')
    .values({
      id,
      name: 'Ann Lee',
      email: 'ann@example.com',
      subject,
      message: 'Hello <b>farm</b>\nSee you',
      status,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, ++minute)),
    })
    .execute()
  return id
}

const page = (query = '') => pageRequest(new URL(`http://x/admin/messages${query}`))

describe('the inbox', () => {
  test('one tab at a time, newest first, with every tab counted and the subject by its label', async () => {
    const older = await message('visit')
    const newer = await message('orders')
    await message('general', 'archived')
    const unread = await listMessages(t.db, { status: 'unread', page: page() })
    expect(unread.messages.map((m) => [m.id, m.subject])).toEqual([
      [newer, 'Orders'],
      [older, 'Farm Visit'],
    ])
    expect(unread.counts).toEqual({ unread: 2, read: 0, archived: 1 })
    expect(unread.info.total).toBe(2)
    const archived = await listMessages(t.db, { status: 'archived', page: page() })
    expect(archived.messages).toHaveLength(1)
    const beyond = await listMessages(t.db, { status: 'unread', page: page('?page=3') })
    expect(beyond.messages).toEqual([])
  })

  test('opening marks read once (audited once); buttons move it between tabs, audited', async () => {
    const id = await message()
    const opened = await openMessage(t.db, id, adminId)
    expect(opened).toMatchObject({ status: 'read', message: 'Hello <b>farm</b>\nSee you' })
    await openMessage(t.db, id, adminId)
    expect(await setMessageStatus(t.db, { id, status: 'archived', actorId: adminId })).toBe(true)
    expect(await setMessageStatus(t.db, { id, status: 'read', actorId: adminId })).toBe(true)
    expect(await setMessageStatus(t.db, { id, status: 'unread', actorId: adminId })).toBe(true)
    expect(await setMessageStatus(t.db, { id, status: 'unread', actorId: adminId })).toBe(true)
    const log = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'entity_type', 'entity_id'])
      .orderBy('created_at')
      .execute()
    // Sorted: rows written in the same millisecond have no order of their own.
    expect(log.map((row) => row.action).sort()).toEqual([
      'message.archived',
      'message.read',
      'message.unarchive',
      'message.unread',
    ])
    expect(log.every((row) => row.actor_id === adminId && row.entity_id === id)).toBe(true)
    const row = await t.db
      .selectFrom('contact_submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('unread')
  })

  test('unknown ids are not found and change nothing', async () => {
    expect(await openMessage(t.db, 'nope', adminId)).toBeNull()
    expect(await setMessageStatus(t.db, { id: 'nope', status: 'read', actorId: adminId })).toBe(
      false,
    )
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toEqual([])
  })
})

test('the reply link is a mailto with the address and an encoded "Re:" subject', () => {
  expect(replyHref('ann+farm@example.com', 'Farm Visit & more?')).toBe(
    'mailto:ann%2Bfarm@example.com?subject=Re%3A%20Farm%20Visit%20%26%20more%3F',
  )
})
