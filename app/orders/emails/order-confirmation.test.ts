import { describe, expect, test } from 'vitest'
import type { LineTerms } from '~/catalog/line-wording'
import { type OrderConfirmationInput, orderConfirmationEmail } from './order-confirmation'

/** A fixed-price line's terms. */
function fixed(quantity: number, priceCents: number, unit: string | null = null): LineTerms {
  const totalCents = quantity * priceCents
  return {
    quantity,
    priceCents,
    unit,
    averageWeightCentiLb: null,
    weightsCentiLb: null,
    totalCents,
  }
}

const order: OrderConfirmationInput = {
  farmName: 'Hillside Farm',
  baseUrl: 'https://shop.example',
  orderId: '6f1c2a9e-0d4b-4a51-8f3e-2b7c1d9e0a11',
  orderNumber: 'FS-10042',
  firstName: 'Ann',
  items: [
    { name: 'Pasture-Raised Eggs (Dozen)', terms: fixed(2, 700) },
    { name: 'Ground Beef', terms: fixed(1, 899) },
  ],
  subtotalCents: 2299,
  discountCents: 0,
  promoCode: null,
  shippingCents: 599,
  taxCents: 138,
  totalCents: 3036,
  shippingAddress: {
    firstName: 'Ann',
    lastName: 'Lee',
    street: '12 Orchard Lane',
    apartment: null,
    city: 'Boise',
    state: 'ID',
    zipCode: '83702',
  },
  phone: '208-555-0100',
  shippingMethod: 'Standard Shipping (5-7 business days)',
  paymentMethod: 'Pay at pickup or on delivery',
  fulfilment: {
    method: 'standard',
    headline: 'Standard Shipping (5-7 business days)',
    place: null,
    address: null,
    instructions: null,
    mapUrl: null,
    when: null,
  },
}

/** A regular expression source matching `text` as it is. */
function literal(text: string | undefined): string {
  return (text ?? '').replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')
}

describe('order confirmation email', () => {
  test('number, items, totals, address, method, payment and the order link', () => {
    const email = orderConfirmationEmail(order)
    expect(email.subject).toBe('Order FS-10042 confirmed')
    for (const part of [
      'Hillside Farm',
      'Pasture-Raised Eggs (Dozen): 2 × $7.00',
      'Ground Beef: 1 × $8.99',
      'Subtotal: $22.99',
      'Shipping: $5.99',
      'Tax: $1.38',
      'Total: $30.36',
      'Ann Lee\n12 Orchard Lane\nBoise, ID 83702',
      'How you get it: Standard Shipping (5-7 business days)',
      'Payment: Pay at pickup or on delivery',
      'https://shop.example/order-confirmation/6f1c2a9e-0d4b-4a51-8f3e-2b7c1d9e0a11',
    ]) {
      expect(email.text).toContain(part)
    }
    // No discount line without a discount.
    expect(email.text).not.toContain('Discount')
    expect(email.html).not.toContain('Discount')
    expect(email.html).toContain(
      'href="https://shop.example/order-confirmation/6f1c2a9e-0d4b-4a51-8f3e-2b7c1d9e0a11"',
    )
    // The HTML sets the same items and amounts in rows, and the address on lines.
    for (const cells of [
      ['Pasture-Raised Eggs (Dozen)', '2 × $7.00'],
      ['Shipping', '$5.99'],
      ['Total', '$30.36'],
    ]) {
      expect(email.html).toMatch(
        new RegExp(`<td[^>]*>${literal(cells[0])}</td><td[^>]*>${literal(cells[1])}</td>`),
      )
    }
    expect(email.html).toContain('Ann Lee<br/>12 Orchard Lane<br/>Boise, ID 83702<br/>208-555-0100')
  })

  test('pickup says where and when, never shipping, and carries the calendar entry', () => {
    const email = orderConfirmationEmail({
      ...order,
      shippingCents: 0,
      shippingMethod: 'Pickup',
      items: [{ name: 'Ribeye', terms: fixed(2, 2899, 'lb') }],
      fulfilment: {
        method: 'pickup',
        headline: 'Pickup at Red Barn, Thursday, November 26, 3-6 pm',
        place: 'Red Barn',
        address: '1 Barn Road, Fairfield, ID 83327',
        instructions: 'Cooler on the left',
        mapUrl: null,
        when: { date: '2026-11-26', startTime: '15:00', endTime: '18:00' },
      },
    })
    expect(email.text).toContain('will email you when it is packed and ready')
    expect(email.text).toContain(
      'Pickup:\nPickup at Red Barn, Thursday, November 26, 3-6 pm\n1 Barn Road, Fairfield, ID 83327\nCooler on the left',
    )
    expect(email.text).toContain('Ribeye: 2 × $28.99 / lb')
    expect(email.text).toContain('Pickup: Free')
    expect(email.text).not.toMatch(/shipping|on its way/i)
    // Both parts say so.
    expect(email.text).toContain('The calendar entry for your time is attached.')
    expect(email.html).toContain('The calendar entry for your time is attached.')
    expect(orderConfirmationEmail(order).html).not.toContain('calendar')
    expect(email.attachments).toHaveLength(1)
    expect(email.attachments[0]?.filename).toBe('pickup.ics')
    expect(email.attachments[0]?.content).toContain('SUMMARY:Pickup at Red Barn')
    expect(email.attachments[0]?.content).toContain('DTSTART:20261126T220000Z')
    expect(orderConfirmationEmail(order).attachments).toEqual([])
  })

  test('a discount shows with its code', () => {
    const email = orderConfirmationEmail({ ...order, discountCents: 230, promoCode: 'FARM10' })
    expect(email.text).toContain('Discount (FARM10): -$2.30')
    expect(email.html).toContain('Discount (FARM10)')
  })

  test('everything typed by a shopper or a farmer is escaped', () => {
    const email = orderConfirmationEmail({
      ...order,
      farmName: 'Tom & Jerry\'s "Farm"',
      firstName: '<script>alert(1)</script>',
      items: [{ name: '<img src=x onerror=alert(1)>', terms: fixed(1, 100) }],
      shippingAddress: { ...order.shippingAddress, street: '1 <b>Main</b> St' },
    })
    expect(email.html).not.toContain('<script>')
    expect(email.html).not.toContain('<img')
    expect(email.html).not.toContain('<b>Main')
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(email.html).toContain('Tom &amp; Jerry&#x27;s &quot;Farm&quot;')
    expect(email.text).toContain('Hello <script>alert(1)</script>,')
  })
})
