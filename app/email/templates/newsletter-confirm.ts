import {
  button,
  type EmailContent,
  html,
  layout,
  link,
  paragraph,
  type SafeHtml,
  type ShopContext,
  shopUrl,
} from './layout'

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

/** The unsubscribe line every newsletter email ends with, in HTML and text. */
export function unsubscribeFooter(unsubscribeUrl: string): { html: SafeHtml; text: string } {
  const line = 'No longer want these emails? Unsubscribe with one click:'
  return {
    html: html`<p style="margin:24px 0 0;font-size:14px;line-height:1.5;color:#4d5a4d">${line} ${link(unsubscribeUrl, 'Unsubscribe')}</p>`,
    text: `${line}\n${unsubscribeUrl}`,
  }
}

export function newsletterConfirmEmail(input: NewsletterConfirmInput): EmailContent {
  const { farmName } = input
  const links = newsletterLinks(input.baseUrl, input.token)
  const thanks = `Thank you for signing up for news from ${farmName}: what is growing, when the next beef is ready, and the odd story from the farm.`
  const ask = 'Please confirm that this is your address, so we know the newsletter is wanted:'
  const ignore = "If you didn't sign up, ignore this email and you won't hear from us again."
  const footer = unsubscribeFooter(links.unsubscribe)
  return layout(input, {
    subject: 'Please confirm your newsletter subscription',
    html: html`${paragraph(thanks)}
${paragraph(ask)}
${button(links.confirm, 'Confirm my subscription')}
${paragraph(ignore)}
${footer.html}`,
    text: [thanks, ask, links.confirm, ignore, footer.text],
  })
}
