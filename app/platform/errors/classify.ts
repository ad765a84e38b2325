// Which kind of failure an error is, and the words a shopper sees for it (spec section 8,
// "Friendly messages by class" and "Classification"). No dependencies: this ships in the
// JavaScript of every page.

export type ErrorKind =
  | 'network'
  | 'authentication'
  | 'validation'
  | 'database'
  | 'payment'
  | 'application'

const FRIENDLY_MESSAGES: Record<ErrorKind, string> = {
  network: 'Unable to connect to the server. Please check your internet connection and try again.',
  authentication: 'You need to be logged in to perform this action.',
  validation: 'Please check your input and try again.',
  database: 'A database error occurred. Please try again later.',
  payment: 'There was an issue processing your payment. Please try again.',
  application: 'An unexpected error occurred. Please try again.',
}

export function friendlyMessage(kind: ErrorKind): string {
  return FRIENDLY_MESSAGES[kind]
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined
}

/** The error's own message: an Error's, a string itself, or a `message` field of an object. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  const message = field(error, 'message')
  return typeof message === 'string' ? message : ''
}

/**
 * The spec's rules, in its order: a database code (PostgREST's PGRST*, or SQLSTATE class 23,
 * integrity violations) first, then words in the message, then an HTTP 401.
 */
export function classifyError(error: unknown): ErrorKind {
  const code = field(error, 'code')
  if (typeof code === 'string' && (code.startsWith('PGRST') || code.startsWith('23'))) {
    return 'database'
  }
  const message = errorMessage(error).toLowerCase()
  const has = (...words: string[]) => words.some((word) => message.includes(word))
  if (has('network', 'fetch')) return 'network'
  if (has('validation', 'invalid')) return 'validation'
  if (has('auth', 'unauthorized') || field(error, 'status') === 401) return 'authentication'
  if (has('payment')) return 'payment'
  return 'application'
}
