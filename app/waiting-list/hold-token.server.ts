import { createHash, randomBytes } from 'node:crypto'

// A hold's links carry a random token; the table keeps only its sha256, so a copy of the
// database (a backup, a support export) cannot claim or pass on anyone's reservation.

/** 256 random bits, base64url: 43 characters. */
export function newHoldToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashHoldToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** What a link may carry: anything else is not one of ours and is not looked up. */
export function isHoldToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value)
}
