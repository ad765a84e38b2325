import { expect } from '@playwright/test'

// The end-to-end server sends real email over SMTP to a test SMTP server in its own process;
// this reads what arrived through a small JSON endpoint on loopback.

/** playwright.config.ts passes it to the app server; tests compute it the same way. */
export const MAILBOX_PORT = Number(
  process.env.E2E_MAILBOX_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 99,
)

export type Mail = { to: string; subject: string; text: string; html: string }

/** `port`: another server's mailbox (a private server's, see private-server.ts). */
export async function listMail(port = MAILBOX_PORT): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${port}/messages`)
  return (await response.json()) as Mail[]
}

/** Waits (polling) for the first message to `to` whose subject matches. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
  port = MAILBOX_PORT,
): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        found = (await listMail(port)).find(
          (mail) => mail.to.includes(to) && subject.test(mail.subject),
        )
        return Boolean(found)
      },
      { timeout: timeoutMs, intervals: [200] },
    )
    .toBe(true)
  return found as Mail
}

export function linksIn(mail: Mail): string[] {
  return mail.text.match(/https?:\/\/[^\s<>")]+/g) ?? []
}
