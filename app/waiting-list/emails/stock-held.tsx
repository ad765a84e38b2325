import {
  Button,
  type EmailContent,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
  TextLink,
} from '~/email/layout'
import { formatFarmMoment } from '~/platform/farm-clock'

// ADR 29 (amends D14): when stock comes back, the people waiting are served in the order they
// joined, and each one the stock reaches gets this one email: units set aside for them until a
// time on the farm's clock, a link that puts them in their cart and a link that passes them on.

export type StockHeldInput = ShopContext & {
  firstName: string
  productName: string
  /** The option waited for ("Half Share"), or null for a product without options */
  variantName: string | null
  /** How many were set aside: what they asked for, or the last units when fewer were left */
  heldQuantity: number
  askedQuantity: number
  expiresAt: Date
  /** The token the claim and decline links carry (only its hash is stored) */
  token: string
}

export function stockHeldEmail(input: StockHeldInput): EmailContent {
  const item = input.variantName ? `${input.productName} (${input.variantName})` : input.productName
  const until = formatFarmMoment(input.expiresAt)
  const token = encodeURIComponent(input.token)
  const claimUrl = shopUrl(input.baseUrl, `/waiting-list/claim/${token}`)
  const declineUrl = shopUrl(input.baseUrl, `/waiting-list/decline/${token}`)
  const greeting = `Hello ${input.firstName},`
  const news =
    input.heldQuantity < input.askedQuantity
      ? `${item} is back, and you were next on our waiting list. Only ${input.heldQuantity} of the ${input.askedQuantity} you asked for were left, and we have set them aside for you.`
      : `${item} is back, and you were next on our waiting list. We have set aside ${input.heldQuantity} for you.`
  const reserved = `Reserved for you until ${until}.`
  const how =
    'The button puts them in your cart at that reservation (sign in first if you are asked to); then check out as usual before the time is up.'
  const after =
    'After that time they go to the next person on the list. This is the only email we send about it.'
  return renderEmail(input, {
    subject: `Reserved for you: ${item}`,
    html: (
      <>
        <Paragraphs lines={[greeting, news]} />
        <Paragraph>
          <strong>{reserved}</strong>
        </Paragraph>
        <Button href={claimUrl}>Put it in my cart</Button>
        <Paragraph>{how}</Paragraph>
        <Paragraph>
          Not needed any more?{' '}
          <TextLink href={declineUrl}>Pass it on to the next person waiting</TextLink>.
        </Paragraph>
        <Paragraph>{after}</Paragraph>
      </>
    ),
    text: [
      greeting,
      news,
      reserved,
      `Put it in my cart: ${claimUrl}`,
      how,
      `Not needed any more? Pass it on to the next person waiting: ${declineUrl}`,
      after,
    ],
  })
}
