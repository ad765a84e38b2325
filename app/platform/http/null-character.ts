// PostgreSQL's text cannot hold the NUL character: a statement with one in any parameter fails
// ("invalid byte sequence", 22021), which was a 500 for a product address, a reset link, the
// contact form and a cart post (found on PostgreSQL; SQLite stores it and its functions stop
// at it). No person types one, so input that carries one is refused where it comes in: the
// address (server.ts), forms (readForm) and JSON bodies (readJsonBody).

const NUL = '\u0000'

/** A percent-encoded NUL in a request's path or query string. */
export function addressHasNul(url: string): boolean {
  return url.includes('%00')
}

/** A NUL in a string, or in any string inside a parsed JSON value or a form's fields. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL)
  if (Array.isArray(value)) return value.some(containsNul)
  if (value instanceof FormData) {
    for (const [name, field] of value) if (containsNul(name) || containsNul(field)) return true
    return false
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, field]) => containsNul(key) || containsNul(field))
  }
  return false
}

export const NUL_MESSAGE = 'The request contains a null character, which is not allowed.'
