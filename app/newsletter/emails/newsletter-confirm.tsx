import {
  Button,
  COLORS,
  type EmailContent,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
  TextLink,
} from '~/email/layout'

// Double opt-in (D13): nobody receives the newsletter until they follow this link. Like every
// newsletter email it ends with a one-click unsubscribe link (the outbox sets no
// List-Unsubscribe header, so the link in the body is the way out).

export type NewsletterConfirmInput = ShopContext & { token: string }

export function newsletterLinks(baseUrl: string, token: string) {
  const query = new URLSearchParams({ token })
  return {
    confirm: shopUrl(baseUrl, `/newsletter/confirm?${query}`),
    unsubscribe: shopUrl(baseUrl, `/newsletter/unsubscribe?${query}`),
  }
}

const UNSUBSCRIBE_LINE = 'No longer want these emails? Unsubscribe with one click:'

/** The unsubscribe line every newsletter email ends with; its text part is unsubscribeText. */
export function UnsubscribeFooter({ href }: { href: string }) {
  return (
    <p style={{ margin: '24px 0 0', fontSize: 14, lineHeight: 1.5, color: COLORS.muted }}>
      {UNSUBSCRIBE_LINE} <TextLink href={href}>Unsubscribe</TextLink>
    </p>
  )
}

export function unsubscribeText(href: string): string {
  return `${UNSUBSCRIBE_LINE}\n${href}`
}

export function newsletterConfirmEmail(input: NewsletterConfirmInput): EmailContent {
  const { farmName } = input
  const links = newsletterLinks(input.baseUrl, input.token)
  const thanks = `Thank you for signing up for news from ${farmName}: what is growing, when the next beef is ready, and the odd story from the farm.`
  const ask = 'Please confirm that this is your address, so we know the newsletter is wanted:'
  const ignore = "If you didn't sign up, ignore this email and you won't hear from us again."
  return renderEmail(input, {
    subject: 'Please confirm your newsletter subscription',
    html: (
      <>
        <Paragraphs lines={[thanks, ask]} />
        <Button href={links.confirm}>Confirm my subscription</Button>
        <Paragraph>{ignore}</Paragraph>
        <UnsubscribeFooter href={links.unsubscribe} />
      </>
    ),
    text: [thanks, ask, links.confirm, ignore, unsubscribeText(links.unsubscribe)],
  })
}
