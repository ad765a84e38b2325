import {
  Button,
  type EmailContent,
  Lines,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'
import { farmDayOf, formatDay } from '~/platform/farm-clock'
import { formatCents } from '~/platform/ui/price'
import { formatPounds, type ShareBill } from '../balance'

// ADR 31: the butcher has weighed the animal, so each share-holder learns what their share
// costs, what is left to pay after the deposit, and when to pick it up, with one link to pay
// by card or choose to pay at pickup.

export type ShareBalanceInput = ShopContext & {
  firstName: string
  animalName: string
  /** "Quarter", "Half", "Whole" */
  size: string
  hangingWeightCentiLb: number
  shareWeightLb: number
  pricePerLbHangingCents: number
  bill: ShareBill
  pickupDate: string
  /** "at Halvorsen Farm, 9 am-noon": where and when, from the animal's pickup window */
  pickupWhere?: string
  token: string
}

export function shareBalanceEmail(input: ShareBalanceInput): EmailContent {
  const share = `${input.size} share of ${input.animalName}`
  const link = shopUrl(input.baseUrl, `/shares/balance/${encodeURIComponent(input.token)}`)
  // The year is named only when it is not this one.
  const pickup = formatDay(input.pickupDate, Number(farmDayOf(new Date()).slice(0, 4)))
  const greeting = `Hello ${input.firstName},`
  const news = `${input.animalName} has been weighed: ${formatPounds(input.hangingWeightCentiLb)} hanging weight, so your ${input.size.toLowerCase()} share is ${input.shareWeightLb} lb.`
  const { bill } = input
  const breakdown = [
    `${input.shareWeightLb} lb at ${formatCents(input.pricePerLbHangingCents)}/lb hanging weight: ${formatCents(bill.meatCents)}`,
    `Processing: ${formatCents(bill.processingFeeCents)}`,
    `Deposit paid: -${formatCents(bill.depositCents)}`,
    `Balance before tax: ${formatCents(bill.balanceCents)}`,
    `Sales tax: ${formatCents(bill.taxCents)}`,
    `Balance: ${formatCents(bill.dueCents)}`,
  ]
  const owed =
    bill.dueCents > 0
      ? `Please pay the balance of ${formatCents(bill.dueCents)} by card with the link below, or choose to pay at pickup.`
      : 'Your deposit covers it all: there is nothing more to pay.'
  const when = `Your beef will be ready for pickup on ${pickup}${input.pickupWhere ? `, ${input.pickupWhere}` : ''}.`
  return renderEmail(input, {
    subject: `Your ${share}: balance ${formatCents(bill.dueCents)}, pickup ${pickup}`,
    html: (
      <>
        <Paragraphs lines={[greeting, news]} />
        <Paragraph>
          <Lines lines={breakdown} />
        </Paragraph>
        <Paragraph>{owed}</Paragraph>
        {bill.dueCents > 0 ? <Button href={link}>Pay the balance</Button> : null}
        <Paragraph>{when}</Paragraph>
      </>
    ),
    text: [greeting, news, breakdown.join('\n'), owed, ...(bill.dueCents > 0 ? [link] : []), when],
  })
}
