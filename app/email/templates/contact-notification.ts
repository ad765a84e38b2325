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

// Tells the farm that someone wrote through the contact form (D12). Everything the visitor
// typed is escaped by the html tag; the reply button is a mailto: link to their address,
// since the outbox has no Reply-To header to set.

export type ContactNotificationInput = ShopContext & {
  name: string
  email: string
  phone: string | null
  /** The subject as the form shows it ("Farm Visit"), not its value */
  subject: string
  message: string
}

const cell = 'padding:4px 12px 4px 0;font-size:16px;line-height:1.5;vertical-align:top'

function row(label: string, value: string | SafeHtml): SafeHtml {
  return html`<tr><th scope="row" style="${cell};text-align:left;color:#4d5a4d">${label}</th><td style="${cell};color:#1f2a1f">${value}</td></tr>`
}

export function contactNotificationEmail(input: ContactNotificationInput): EmailContent {
  const { name, email, phone, subject, message } = input
  const reply = `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`
  const inbox = shopUrl(input.baseUrl, '/admin/messages')
  const intro = `${name} sent a message through the contact form.`
  const phoneHref = phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : ''
  return layout(input, {
    subject: `New message from ${name}: ${subject}`,
    html: html`${paragraph(intro)}
<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">
${row('Name', name)}
${row('Email', link(`mailto:${email}`, email))}
${phone ? row('Phone', link(phoneHref, phone)) : html``}
${row('Subject', subject)}
</table>
<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #2f5d34;background:#f5f3ec;font-size:16px;line-height:1.5;color:#1f2a1f;white-space:pre-wrap">${message}</div>
${button(reply, `Reply to ${name}`)}
${paragraph(html`The message is also in the admin inbox: ${link(inbox, inbox)}`)}`,
    text: [
      intro,
      [
        `Name: ${name}`,
        `Email: ${email}`,
        ...(phone ? [`Phone: ${phone}`] : []),
        `Subject: ${subject}`,
      ].join('\n'),
      message,
      `Reply by writing to ${email}.`,
      `The message is also in the admin inbox:\n${inbox}`,
    ],
  })
}
