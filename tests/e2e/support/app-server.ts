// The end-to-end app server: a fresh database, a real SMTP server to receive the shop's email
// (readable by tests on MAILBOX_PORT), then the production build itself.
import { rmSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { startTestSmtpServer } from '../../setup/smtp'
import { MAILBOX_PORT } from './mailbox'

const databaseUrl = process.env.DATABASE_URL ?? ''
if (databaseUrl.startsWith('file:')) {
  rmSync(path.dirname(databaseUrl.slice('file:'.length)), { recursive: true, force: true })
}

const smtp = await startTestSmtpServer()
process.env.SMTP_URL = smtp.url

createServer((_request, response) => {
  const messages = smtp.messages.map((mail) => ({
    to: mail.to,
    subject: mail.subject,
    text: mail.text ?? '',
    html: mail.html ?? '',
  }))
  response.setHeader('Content-Type', 'application/json')
  response.end(JSON.stringify(messages))
}).listen(MAILBOX_PORT, '127.0.0.1')

await import(path.resolve('build/host/server.js'))
