import type { ReactNode } from 'react'
import {
  Button,
  bodyText,
  COLORS,
  type EmailContent,
  Paragraph,
  renderEmail,
  type ShopContext,
  shopUrl,
  TextLink,
} from '~/email/layout'

// Tells the farm that someone wrote through the contact form (D12). Everything the visitor
// typed is escaped by React; the reply button is a mailto: link to their address, since the
// outbox has no Reply-To header to set.

export type ContactNotificationInput = ShopContext & {
  name: string
  email: string
  phone: string | null
  /** The subject as the form shows it ("Farm Visit"), not its value */
  subject: string
  message: string
}

const cell = { padding: '4px 12px 4px 0', ...bodyText, verticalAlign: 'top' } as const

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" style={{ ...cell, textAlign: 'left', color: COLORS.muted }}>
        {label}
      </th>
      <td style={cell}>{children}</td>
    </tr>
  )
}

export function contactNotificationEmail(input: ContactNotificationInput): EmailContent {
  const { name, email, phone, subject, message } = input
  const reply = `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`
  const inbox = shopUrl(input.baseUrl, '/admin/messages')
  const intro = `${name} sent a message through the contact form.`
  const inboxLine = 'The message is also in the admin inbox:'
  return renderEmail(input, {
    subject: `New message from ${name}: ${subject}`,
    html: (
      <>
        <Paragraph>{intro}</Paragraph>
        <table role="presentation" style={{ margin: '0 0 16px', borderCollapse: 'collapse' }}>
          <tbody>
            <Row label="Name">{name}</Row>
            <Row label="Email">
              <TextLink href={`mailto:${email}`}>{email}</TextLink>
            </Row>
            {phone && (
              <Row label="Phone">
                <TextLink href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</TextLink>
              </Row>
            )}
            <Row label="Subject">{subject}</Row>
          </tbody>
        </table>
        <div
          style={{
            margin: '0 0 16px',
            padding: '12px 16px',
            borderLeft: `4px solid ${COLORS.accent}`,
            background: COLORS.page,
            ...bodyText,
            // The visitor's line breaks are their paragraphs.
            whiteSpace: 'pre-wrap',
          }}
        >
          {message}
        </div>
        <Button href={reply}>Reply to {name}</Button>
        <Paragraph>
          {inboxLine} <TextLink href={inbox}>{inbox}</TextLink>
        </Paragraph>
      </>
    ),
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
      `${inboxLine}\n${inbox}`,
    ],
  })
}
