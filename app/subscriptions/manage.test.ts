import { describe, expect, test } from 'vitest'
import { farmInstant } from '~/platform/farm-clock'
import { subscriptionReminderEmail } from './emails/reminder'
import {
  addMonths,
  changeByText,
  changesClosedMessage,
  ManageSubscriptionSchema,
  PAUSE_DATE_REQUIRED,
  parseSwapChoice,
  QUANTITY_RANGE,
  reminderSubject,
  SUBSCRIPTION_CHANGED,
  swapChoice,
  windowLabel,
} from './manage'

describe('the words', () => {
  // Tuesday, December 1, 8 pm in Boise (03:00 UTC on the 2nd).
  const cutoff = farmInstant('2026-12-01', '20:00')

  test('the cut-off, the refusal and the reminder name the box and the farm’s wall time', () => {
    expect(changeByText(cutoff)).toBe('Change or skip by Tuesday, December 1 at 8 pm')
    expect(changesClosedMessage('2026-12-03', cutoff)).toBe(
      'Changes to your box for Thursday, December 3 closed Tuesday at 8 pm.',
    )
    expect(reminderSubject('2026-12-03', cutoff)).toBe(
      'Your box for Thursday: skip or change by Tuesday 8 pm',
    )
  })

  test('a cut-off across the spring DST change keeps its wall time', () => {
    // Sunday, March 14, 2027 is the change; a Tuesday 7:30 pm cut-off after it.
    const spring = farmInstant('2027-03-16', '19:30')
    expect(spring.toISOString()).toBe('2027-03-17T01:30:00.000Z')
    expect(changeByText(spring)).toBe('Change or skip by Tuesday, March 16 at 7:30 pm')
  })

  test('where the boxes come', () => {
    const times = { weekday: 4, startTime: '15:00', endTime: '18:00' }
    expect(windowLabel({ method: 'pickup', name: 'Red Barn', ...times })).toBe(
      'Pickup at Red Barn, Thursdays 3-6 pm',
    )
    expect(windowLabel({ method: 'delivery', name: 'Boise', ...times })).toBe(
      'Delivery to Boise, Thursdays 3-6 pm',
    )
  })

  test('months on, clamped to the month’s end', () => {
    expect(addMonths('2026-11-28', 6)).toBe('2027-05-28')
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28')
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15')
  })

  test('a swap choice names the product and its option', () => {
    expect(swapChoice('p1', null)).toBe('p1')
    expect(swapChoice('p1', 'v2')).toBe('p1:v2')
    expect(parseSwapChoice('p1:v2')).toEqual({ productId: 'p1', variantId: 'v2' })
    expect(parseSwapChoice('p1')).toEqual({ productId: 'p1', variantId: null })
  })
})

describe('the form', () => {
  const parse = (values: Record<string, string>) => ManageSubscriptionSchema.safeParse(values)
  const messages = (values: Record<string, string>) => {
    const result = parse(values)
    return result.success ? [] : result.error.issues.map((issue) => issue.message)
  }
  const box = '2026-12-03'

  test('each intent with its fields', () => {
    expect(parse({ intent: 'skip', box }).data).toEqual({ intent: 'skip', box })
    expect(parse({ intent: 'quantity', box, itemId: 'i1', quantity: ' 12 ' }).data).toEqual({
      intent: 'quantity',
      box,
      itemId: 'i1',
      quantity: 12,
    })
    expect(parse({ intent: 'cancel', box }).data).toEqual({ intent: 'cancel', box })
    expect(parse({ intent: 'cancel', box, confirm: 'yes' }).data).toEqual({
      intent: 'cancel',
      box,
      confirm: 'yes',
    })
  })

  test('quantities from 1 to 99 only, in digits', () => {
    for (const quantity of ['0', '100', '-1', '2.5', 'abc', '']) {
      expect(messages({ intent: 'quantity', box, itemId: 'i1', quantity })).toContain(
        QUANTITY_RANGE,
      )
    }
  })

  test('a pause needs a real date; every form needs the box it was shown', () => {
    for (const until of ['', '2026-02-30', 'tomorrow']) {
      expect(messages({ intent: 'pause', box, until })).toContain(PAUSE_DATE_REQUIRED)
    }
    expect(messages({ intent: 'skip', box: '12/03/2026' })).toContain(SUBSCRIPTION_CHANGED)
    expect(parse({ intent: 'explode', box }).success).toBe(false)
    expect(parse({ intent: 'cancel', box, confirm: 'maybe' }).success).toBe(false)
  })
})

test('the reminder shows what a customer typed or a farmer named as text', () => {
  const hostile = `<script>"&'</script>`
  const email = subscriptionReminderEmail({
    farmName: hostile,
    baseUrl: 'https://shop.example',
    subscriptionId: 'sub-1',
    firstName: hostile,
    boxDate: '2026-12-03',
    cutoff: farmInstant('2026-12-01', '20:00'),
    where: hostile,
    items: [{ name: hostile, quantity: 2 }],
  })
  expect(email.html).not.toContain('<script>')
  expect(email.html).toContain('&lt;script&gt;')
  expect(email.html).toContain('href="https://shop.example/account/subscriptions/sub-1"')
  expect(email.text).toContain(`2 × ${hostile}`)
})
