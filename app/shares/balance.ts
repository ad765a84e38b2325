import { taxOnCents } from '~/settings/tax'

// What a beef share costs (ADR 31), browser-safe. The customer pays a deposit with the order
// (the option's price); once the butcher weighs the carcass, the balance is the share's part of
// the hanging weight at the price per pound, plus the processing fee, less the deposit.
// Integer cents throughout: the weight is in hundredths of a pound, and the one division is
// rounded once, half up, to the cent. A deposit larger than the share's cost leaves a balance
// of 0 (the farm refunds the difference by hand; the admin page shows it).
//
// Tax (issue 32): the whole share is one retail sale of meat, which Idaho taxes, so each part
// is taxed once, when it is charged: the deposit with the order (priceCart, like any line) and
// the balance when it is billed, at the shop's rate, rounded half up like every tax
// (settings/tax.ts). The balance's tax is stored with it, so what is owed never changes after
// the bill is sent.

export type ShareTerms = {
  hangingWeightCentiLb: number
  /** the quarters this share takes, and the animal's quarters in all */
  shareUnits: number
  unitsTotal: number
  pricePerLbHangingCents: number
  /** per quarter */
  processingFeeCents: number
  depositCents: number
}

/** The share's meat: its part of the hanging weight at the price per pound, to the cent. */
export function shareMeatCents(terms: ShareTerms): number {
  // weight (centi-lb) x part x price (cents/lb) / 100, as one fraction of integers
  const numerator = terms.hangingWeightCentiLb * terms.shareUnits * terms.pricePerLbHangingCents
  const denominator = terms.unitsTotal * 100
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

export function shareCostCents(terms: ShareTerms): number {
  return shareMeatCents(terms) + terms.processingFeeCents * terms.shareUnits
}

/** What is still owed after the deposit; never below 0. */
export function shareBalanceCents(terms: ShareTerms): number {
  return Math.max(0, shareCostCents(terms) - terms.depositCents)
}

export type ShareBill = {
  meatCents: number
  processingFeeCents: number
  depositCents: number
  /** before tax, never below 0 */
  balanceCents: number
  taxCents: number
  /** what the holder pays: balance + tax */
  dueCents: number
}

/** The balance's bill: each amount the email, the pay page and the admin show. */
export function shareBill(terms: ShareTerms, taxRateBasisPoints: number): ShareBill {
  const balanceCents = shareBalanceCents(terms)
  const taxCents = taxOnCents(balanceCents, taxRateBasisPoints)
  return {
    meatCents: shareMeatCents(terms),
    processingFeeCents: terms.processingFeeCents * terms.shareUnits,
    depositCents: terms.depositCents,
    balanceCents,
    taxCents,
    dueCents: balanceCents + taxCents,
  }
}

/** What is owed on a billed balance as stored (tax null: billed before it was taxed). */
export function balanceDueCents(balanceCents: number, taxCents: number | null): number {
  return balanceCents + (taxCents ?? 0)
}

/** The share's hanging weight in pounds, to the hundredth: 612.5 lb of a quarter is 153.13. */
export function shareWeightLb(
  terms: Pick<ShareTerms, 'hangingWeightCentiLb' | 'shareUnits' | 'unitsTotal'>,
) {
  return Math.round((terms.hangingWeightCentiLb * terms.shareUnits) / terms.unitsTotal) / 100
}

/** "612.5 lb" from hundredths of a pound */
export function formatPounds(centiLb: number): string {
  return `${(centiLb / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} lb`
}

/** "612.5" typed by the admin -> 61250 hundredths; null when it is not a weight. */
export function parsePounds(text: string): number | null {
  const clean = text
    .trim()
    .replace(/\s*(lb|lbs)\.?$/i, '')
    .replace(/,/g, '')
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(clean)) return null
  const [whole = '0', fraction = ''] = clean.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
