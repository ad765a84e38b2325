import { describe, expect, test } from 'vitest'
import { orderStatusEmail } from './order-status'

const base = {
  farmName: 'Green Acres',
  baseUrl: 'https://farm.example',
  orderId: 'abc-123',
  orderNumber: 'FS-10042',
  firstName: '<Ann>',
}

describe('order status emails', () => {
  test('shipped names the carrier and tracking number, in text and HTML', () => {
    const mail = orderStatusEmail({
      ...base,
      status: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 11',
    })
    expect(mail.subject).toBe('Order FS-10042 has shipped')
    expect(mail.text).toContain('Carrier: USPS\nTracking number: 9400 11')
    expect(mail.html).toContain(
      '<strong>Carrier: USPS</strong><br/><strong>Tracking number: 9400 11</strong>',
    )
    expect(mail.html).toContain('href="https://farm.example/account/orders/abc-123"')
    expect(mail.text).toContain('https://farm.example/account/orders/abc-123')
  })

  test('what the customer typed is escaped in HTML', () => {
    const mail = orderStatusEmail({ ...base, status: 'paid' })
    expect(mail.subject).toBe('Payment received for order FS-10042')
    expect(mail.html).toContain('Hello &lt;Ann&gt;,')
    expect(mail.html).not.toContain('<Ann>')
  })

  test('each customer-facing step has its own subject', () => {
    const readyMail = orderStatusEmail({
      ...base,
      status: 'ready_for_pickup',
      fulfilment: {
        method: 'pickup',
        headline: 'Pickup at Red Barn, Thursday, November 26, 3-6 pm',
        place: 'Red Barn',
        address: '1 Farm Rd',
        instructions: 'Cooler on the left',
        mapUrl: null,
        when: { date: '2026-11-26', startTime: '15:00', endTime: '18:00' },
      },
      amountDueCents: 2350,
    })
    expect(readyMail.html).toContain('Address: 1 Farm Rd</p>')
    expect(readyMail.html).toContain('Please bring $23.50; we take cash or card at pickup.</p>')
    const ready = readyMail.text
    expect(ready).toContain(
      'Your order FS-10042 is packed and ready. Pickup at Red Barn, Thursday, November 26, 3-6 pm.',
    )
    expect(ready).toContain('Address: 1 Farm Rd')
    expect(ready).toContain('Please bring $23.50; we take cash or card at pickup.')
    expect(ready).not.toContain('payment')
    expect(orderStatusEmail({ ...base, status: 'completed', paidAtHandover: true }).text).toContain(
      'We have received your payment',
    )
    expect(orderStatusEmail({ ...base, status: 'completed' }).subject).toBe(
      'Order FS-10042 is complete',
    )
    const cancelled = orderStatusEmail({ ...base, status: 'cancelled', wasPaid: true })
    expect(cancelled.subject).toBe('Order FS-10042 has been cancelled')
    expect(cancelled.text).toContain('refunded')
  })
})
