import {
  Button,
  type EmailContent,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'

// D14: a customer on the waiting list who asked to be told is emailed once when the product
// (or the option they wait for) can be bought again, with a link straight to it.

export type BackInStockInput = ShopContext & {
  firstName: string
  productId: string
  productName: string
  /** The option waited for ("Half Share"), or null for a product without options */
  variantId: string | null
  variantName: string | null
  quantity: number
}

export function backInStockEmail(input: BackInStockInput): EmailContent {
  const item = input.variantName ? `${input.productName} (${input.variantName})` : input.productName
  const query = input.variantId ? `?${new URLSearchParams({ variant: input.variantId })}` : ''
  const productUrl = shopUrl(
    input.baseUrl,
    `/product/${encodeURIComponent(input.productId)}${query}`,
  )
  const greeting = `Hello ${input.firstName},`
  const news = `Good news: ${item} is available again. You asked us to let you know (you were waiting for ${input.quantity}).`
  const hurry =
    'We have not set any aside, so it goes to whoever orders first. This is the only email we send about it.'
  return renderEmail(input, {
    subject: `Back in stock: ${item}`,
    html: (
      <>
        <Paragraphs lines={[greeting, news]} />
        <Button href={productUrl}>Order {item}</Button>
        <Paragraph>{hurry}</Paragraph>
      </>
    ),
    text: [greeting, news, productUrl, hurry],
  })
}
