// Sales tax arithmetic (D11: one rate, an admin setting), browser-safe. It sits in settings,
// beside the rate, so that every amount the shop taxes (a cart in cart/pricing.ts, a beef
// share's balance in shares/balance.ts) rounds the same way.

/** numerator / denominator rounded half up, for non-negative integers, without floats. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new RangeError(`numerator must be a whole, non-negative number; got ${numerator}`)
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a positive whole number; got ${denominator}`)
  }
  const whole = Math.floor(numerator / denominator)
  const remainder = numerator - whole * denominator
  return remainder * 2 >= denominator ? whole + 1 : whole
}

/** The tax on an amount in cents at a rate in basis points (600 = 6 %), half a cent up. */
export function taxOnCents(taxableCents: number, rateBasisPoints: number): number {
  return divideRoundHalfUp(taxableCents * rateBasisPoints, 10_000)
}
