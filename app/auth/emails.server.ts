import { passwordResetEmail } from '~/auth/emails/password-reset'
import { welcomeEmail } from '~/auth/emails/welcome'
import { sendEmail } from '~/email/outbox.server'
import { getFarmName } from '~/farm/farm.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'

// The account emails. Each is written to the outbox; the worker sends it.

export const RESET_LINK_MINUTES = 60

async function shopContext(db: DB) {
  return { farmName: await getFarmName(db), baseUrl: getEnv().baseUrl }
}

export async function sendPasswordResetEmail(
  db: DB,
  input: { email: string; firstName: string; token: string },
): Promise<void> {
  const content = passwordResetEmail({
    ...(await shopContext(db)),
    firstName: input.firstName,
    resetUrl: `/reset-password?${new URLSearchParams({ token: input.token })}`,
    expiresInMinutes: RESET_LINK_MINUTES,
  })
  await sendEmail(db, { to: input.email, ...content, template: 'password-reset' })
}

export async function sendWelcomeEmail(
  db: DB,
  input: { email: string; firstName: string },
): Promise<void> {
  const content = welcomeEmail({ ...(await shopContext(db)), firstName: input.firstName })
  await sendEmail(db, { to: input.email, ...content, template: 'welcome' })
}
