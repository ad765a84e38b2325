import { createTransport } from 'nodemailer'
import type { OutboxEmail } from './outbox.server'

// SMTP delivery for the outbox worker. One connection, reused while emails keep coming (a
// busy market morning queues dozens of order confirmations) and closed by us after a quiet
// half minute, well before a server would cut it (RFC 5321 asks servers to wait 5 minutes).
// Should a server cut it anyway, nodemailer's pool opens a new one for the message.

export type SmtpDelivery = {
  deliver(email: OutboxEmail): Promise<void>
  close(): void
}

/** The domain part of MAIL_FROM ('Farm <shop@farm.example>'), for our Message-IDs. */
function senderDomain(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost'
}

const SMTP_IDLE_MS = 30_000

export function createSmtpDelivery(smtpUrl: string, from: string): SmtpDelivery {
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    idleTimeout: SMTP_IDLE_MS,
    // nodemailer's defaults wait up to 10 minutes on a silent server. A delivery must end well
    // inside the outbox's stale-claim timeout, or another instance could send it again.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  })
  const domain = senderDomain(from)
  return {
    async deliver(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? undefined,
        attachments: email.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
        // Stable per outbox row: should a row ever go out twice (a worker that died after
        // sending), mail systems that deduplicate by Message-ID drop the copy.
        messageId: `<${email.id}@${domain}>`,
      })
    },
    close() {
      transport.close()
    },
  }
}
