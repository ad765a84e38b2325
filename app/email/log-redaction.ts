// What the outbox worker writes to the log when SMTP_URL is not set. Logs are read by more
// people and kept longer than the outbox (hosting dashboards, log shippers, support tickets),
// and a password-reset, waiting-list claim or share-balance link there works for whoever reads
// it. The admin's outbox view reads the stored email, so the farm still sees the whole link.

export const REDACTED = '[redacted]'

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi
// A run of this many token characters anywhere else (a token written out on its own line)
const BARE_TOKEN = /[A-Za-z0-9_-]{32,}/g

/**
 * Every link keeps its origin and first path segment, so a reader sees which page it pointed
 * at ("https://farm.example/reset-password?[redacted]"); whatever follows, where tokens and
 * ids live, is replaced. Long token-like runs outside links are replaced too.
 */
export function redactForLog(text: string): string {
  return text.replace(URL_PATTERN, redactUrl).replace(BARE_TOKEN, REDACTED)
}

function redactUrl(link: string): string {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return REDACTED
  }
  const [first = '', ...rest] = url.pathname.split('/').filter(Boolean)
  const page = first.length > 0 && first.length < 32 ? `/${first}` : ''
  const hidden =
    (first.length >= 32 || rest.length > 0 ? `/${REDACTED}` : '') +
    (url.search || url.hash ? `?${REDACTED}` : '')
  return `${url.origin}${page}${hidden}`
}
