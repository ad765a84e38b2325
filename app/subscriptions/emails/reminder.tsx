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
import { formatDay } from '~/platform/farm-clock'
import { changeByText, reminderSubject } from '../manage'

// Two days before a box's cut-off (issue 21 item 3): what is coming, and until when it can be
// skipped or changed. Queued once per subscription and box by remindSubscribers.

export type SubscriptionReminderInput = ShopContext & {
  subscriptionId: string
  firstName: string
  /** the box's date, 'YYYY-MM-DD' */
  boxDate: string
  cutoff: Date
  /** "Pickup at Red Barn, Thursdays 3-6 pm" */
  where: string
  items: ReadonlyArray<{ name: string; quantity: number }>
}

export function subscriptionReminderEmail(input: SubscriptionReminderInput): EmailContent {
  const greeting = `Hello ${input.firstName},`
  const lines = [
    `Your next box is for ${formatDay(input.boxDate)}. ${input.where}.`,
    `${changeByText(input.cutoff)}. After that we pack it as it is.`,
  ]
  const items = input.items.map((item) => `${item.quantity} × ${item.name}`)
  const pageUrl = shopUrl(
    input.baseUrl,
    `/account/subscriptions/${encodeURIComponent(input.subscriptionId)}`,
  )
  return renderEmail(input, {
    subject: reminderSubject(input.boxDate, input.cutoff),
    html: (
      <>
        <Paragraphs lines={[greeting, ...lines]} />
        <Paragraph>
          <strong>In your box</strong>
          <br />
          <Lines lines={items} />
        </Paragraph>
        <Button href={pageUrl}>Skip or change your box</Button>
      </>
    ),
    text: [
      greeting,
      ...lines,
      `In your box:\n${items.join('\n')}`,
      `Skip or change your box:\n${pageUrl}`,
    ],
  })
}
