import { sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'

// Attempts counted per key (an address, a client IP, a trusted browser) in a fixed one-minute
// window, in the database, so the limit holds however many app instances share it. Sign-in and
// sign-up count failures only; reset requests count every request (each one may send an email).

export type Limit = { key: string; max: number; windowMs: number }

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.'

const MINUTE = 60_000

export const limits = {
  signInByEmail: (email: string): Limit => ({
    key: `signin:email:${email.trim().toLowerCase()}`,
    max: 5,
    windowMs: MINUTE,
  }),
  // A browser that has signed in to the account before (app/auth/trusted-device.server.ts):
  // its failures count here instead of against the address, so it is never locked out by
  // strangers' guesses, and it still gets no more than 5 a minute itself.
  signInByDevice: (deviceId: string): Limit => ({
    key: `signin:device:${deviceId}`,
    max: 5,
    windowMs: MINUTE,
  }),
  // Per IP is looser: a household or a farmers' market shares one address.
  signInByIp: (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 30, windowMs: MINUTE }),
  signUpByEmail: (email: string): Limit => ({
    key: `signup:email:${email.trim().toLowerCase()}`,
    max: 5,
    windowMs: MINUTE,
  }),
  signUpByIp: (ip: string): Limit => ({ key: `signup:ip:${ip}`, max: 10, windowMs: MINUTE }),
  resetByEmail: (email: string): Limit => ({
    key: `reset:email:${email.trim().toLowerCase()}`,
    max: 3,
    windowMs: MINUTE,
  }),
  resetByIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 20, windowMs: MINUTE }),
  // Every contact message and newsletter sign-up sends an email, so each request counts.
  contactByIp: (ip: string): Limit => ({ key: `contact:ip:${ip}`, max: 5, windowMs: MINUTE }),
  newsletterByIp: (ip: string): Limit => ({
    key: `newsletter:ip:${ip}`,
    max: 10,
    windowMs: MINUTE,
  }),
  // Per address: stops anyone from flooding one inbox with confirmation emails.
  newsletterByEmail: (email: string): Limit => ({
    key: `newsletter:email:${email.trim().toLowerCase()}`,
    max: 3,
    windowMs: MINUTE,
  }),
  // Browser error reports (D15): every request counts. The reporter batches bursts and drops
  // repeats, so a page in trouble sends a few requests a minute; 30 caps what one client can
  // write at 300 rows a minute.
  errorReportsByIp: (ip: string): Limit => ({
    key: `error-reports:ip:${ip}`,
    max: 30,
    windowMs: MINUTE,
  }),
  // Every join counts, successful or not: each one writes a row the farm reads in admin.
  waitingListByCustomer: (customerId: string): Limit => ({
    key: `waitlist:customer:${customerId}`,
    max: 10,
    windowMs: MINUTE,
  }),
}

/** True when any of the keys has used up its attempts in the current window. */
export async function isRateLimited(db: DB, keys: Limit[], now = new Date()): Promise<boolean> {
  if (keys.length === 0) return false
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'count', 'window_started_at'])
    .where(
      'key',
      'in',
      keys.map((limit) => limit.key),
    )
    .execute()
  return rows.some((row) => {
    const limit = keys.find((candidate) => candidate.key === row.key)
    if (!limit) return false
    const windowOpen = row.window_started_at.getTime() > now.getTime() - limit.windowMs
    return windowOpen && row.count >= limit.max
  })
}

/** Counts one attempt against each key; a window that has run out starts again at 1. */
export async function recordAttempt(db: DB, keys: Limit[], now = new Date()): Promise<void> {
  for (const limit of keys) {
    const windowStart = new Date(now.getTime() - limit.windowMs)
    await db
      .insertInto('rate_limits')
      .values({ key: limit.key, count: 1, window_started_at: now })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.count + 1 end`,
          window_started_at: sql<Date>`case when rate_limits.window_started_at <= ${windowStart} then ${now} else rate_limits.window_started_at end`,
        }),
      )
      .execute()
  }
}

export async function clearAttempts(db: DB, keys: Limit[]): Promise<void> {
  if (keys.length === 0) return
  await db
    .deleteFrom('rate_limits')
    .where(
      'key',
      'in',
      keys.map((limit) => limit.key),
    )
    .execute()
}
