import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on loopback for integration tests: the app sends through nodemailer over
// TCP exactly as in production, and tests read what arrived. The small MIME reader below
// covers what nodemailer writes (single part or multipart, 7bit / quoted-printable / base64,
// folded headers, RFC 2047 encoded words); it is not a general mail parser.

export type ReceivedMail = {
  /** SMTP envelope: MAIL FROM and RCPT TO */
  envelope: { from: string; to: string[] }
  /** Header values, decoded; names in lower case */
  headers: Record<string, string>
  from: string
  to: string
  subject: string
  messageId: string
  text: string | undefined
  html: string | undefined
  raw: string
}

export type TestSmtpServer = {
  /** smtp://127.0.0.1:PORT, for SMTP_URL or createSmtpDelivery */
  url: string
  /** Accepted messages, in order of arrival */
  messages: ReceivedMail[]
  /** Resolves with the first message (already here or still to come) the predicate accepts. */
  waitFor(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  /** Refuses the next `count` messages with `code` (4xx temporary, 5xx permanent). */
  rejectNext(count: number, code?: number): void
  /** How many messages were refused so far */
  rejected(): number
  /** How many SMTP connections clients opened so far */
  connections(): number
  close(): Promise<void>
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  let toReject = 0
  let rejectCode = 451
  let rejectedCount = 0
  let connectionCount = 0

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connectionCount++
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        if (toReject > 0) {
          toReject--
          rejectedCount++
          const error = Object.assign(new Error('Test server refuses this message'), {
            responseCode: rejectCode,
          })
          callback(error)
          return
        }
        const mailFrom = session.envelope.mailFrom
        const mail = parseMail(Buffer.concat(chunks), {
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        })
        messages.push(mail)
        for (const wake of waiters) wake()
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate)
          if (!found) return false
          clearTimeout(timer)
          waiters.delete(wake)
          resolve(found)
          return true
        }
        const wake = () => {
          check()
        }
        const timer = setTimeout(() => {
          waiters.delete(wake)
          const seen = messages.map((m) => `"${m.subject}" to ${m.to}`).join(', ') || 'nothing'
          reject(new Error(`no matching email within ${timeoutMs} ms; received: ${seen}`))
        }, timeoutMs)
        if (!check()) waiters.add(wake)
      })
    },
    rejectNext(count, code = 451) {
      toReject = count
      rejectCode = code
    },
    rejected: () => rejectedCount,
    connections: () => connectionCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Every http(s) link in a text or HTML body, in order, with &amp; turned back into &. */
export function extractLinks(body: string): string[] {
  return (body.match(/https?:\/\/[^\s"'<>]+/g) ?? []).map((url) => url.replaceAll('&amp;', '&'))
}

// --- a small MIME reader -------------------------------------------------------------------

type Part = { headers: Record<string, string>; body: string }

/**
 * The message is read as latin1, one character per byte, so boundaries and encodings can be
 * found with string operations; bodies are turned back into bytes and decoded as UTF-8 once
 * the transfer encoding is undone.
 */
export function parseMail(
  raw: Buffer,
  envelope: ReceivedMail['envelope'] = { from: '', to: [] },
): ReceivedMail {
  const root = splitPart(raw.toString('latin1'))
  const bodies: { text?: string; html?: string } = {}
  collectBodies(root, bodies)
  return {
    envelope,
    headers: root.headers,
    from: root.headers.from ?? '',
    to: root.headers.to ?? '',
    subject: root.headers.subject ?? '',
    messageId: root.headers['message-id'] ?? '',
    text: bodies.text,
    html: bodies.html,
    raw: raw.toString('utf8'),
  }
}

function splitPart(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source)
  const head = match ? source.slice(0, match.index) : source
  const body = match ? source.slice(match.index + match[0].length) : ''
  const headers: Record<string, string> = {}
  // Unfold: a line starting with white space continues the previous header.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (name in headers) continue
    headers[name] = decodeWords(Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString())
  }
  return { headers, body }
}

/** RFC 2047: =?charset?B|Q?data?=, with the white space between adjacent words dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_all: string, charset: string, encoding: string, data: string) => {
        const bytes =
          encoding.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64')
            : qpBytes(data.replaceAll('_', ' '))
        return new TextDecoder(charset.toLowerCase()).decode(bytes)
      },
    )
}

/** Content-Type 'multipart/alternative; boundary="x"' as its type and parameters. */
function contentType(header: string | undefined): { type: string; params: Map<string, string> } {
  const [type = 'text/plain', ...rest] = (header ?? 'text/plain').split(';')
  const params = new Map<string, string>()
  for (const param of rest) {
    const eq = param.indexOf('=')
    if (eq < 0) continue
    const key = param.slice(0, eq).trim().toLowerCase()
    params.set(
      key,
      param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    )
  }
  return { type: type.trim().toLowerCase(), params }
}

function collectBodies(part: Part, out: { text?: string; html?: string }) {
  const { type, params } = contentType(part.headers['content-type'])
  const boundary = params.get('boundary')
  if (type.startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`)
    // sections[0] is the preamble; the one starting with '--' follows the closing delimiter.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break
      const content = section.replace(/^[ \t]*\r?\n/, '').replace(/\r?\n$/, '')
      collectBodies(splitPart(content), out)
    }
    return
  }
  if (part.headers['content-disposition']?.startsWith('attachment')) return
  const key = type === 'text/html' ? 'html' : type === 'text/plain' ? 'text' : undefined
  if (!key || out[key] !== undefined) return
  const bytes = transferDecode(part.body, part.headers['content-transfer-encoding'])
  out[key] = new TextDecoder(params.get('charset') ?? 'utf-8').decode(bytes).replace(/\r\n/g, '\n')
}

function transferDecode(body: string, encoding = '7bit'): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64')
    case 'quoted-printable':
      // Soft line breaks (= at the end of a line) join lines; =XX is one byte.
      return qpBytes(body.replace(/=\r?\n/g, ''))
    default:
      return Buffer.from(body, 'latin1')
  }
}

function qpBytes(value: string): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3)
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(value.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}
