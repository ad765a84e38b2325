import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { PackItem, PackOrder, ThisWeek } from './this-week'
import { deliveryRunOf, mapLink, pickListOf, pickWeightText, unitCount } from './this-week'
import { type ExportList, thisWeekCsv } from './this-week.server'
import { ThisWeekPage } from './this-week-page'

let n = 0
function order(overrides: Partial<PackOrder>): PackOrder {
  n += 1
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `FS-${10000 + n}`,
    status: 'pending_payment',
    statusLabel: 'Pending Payment',
    shippingMethod: 'pickup',
    paymentMethod: 'offline',
    paymentStatus: 'pending',
    name: `Person ${n}`,
    phone: '208-555-0100',
    dueCents: 1500,
    packed: false,
    address: null,
    zip: '',
    notes: null,
    items: [],
    weighing: null,
    ...overrides,
  }
}

const eggs = (quantity: number): PackItem => ({
  name: 'Eggs (Dozen)',
  unit: 'dozen',
  quantity,
  terms: {
    quantity,
    priceCents: 700,
    unit: 'dozen',
    averageWeightCentiLb: null,
    weightsCentiLb: null,
    totalCents: 700 * quantity,
  },
  weights: null,
})
/** By weight: $28.99/lb, about 1.25 lb a piece (est. $36.24); `weights` as entered. */
const steak = (quantity: number, weights?: Array<number | null>): PackItem => ({
  name: 'Ribeye',
  unit: 'lb',
  quantity,
  terms: {
    quantity,
    priceCents: 2899,
    unit: 'lb',
    averageWeightCentiLb: 125,
    weightsCentiLb: null,
    totalCents: 3624 * quantity,
  },
  weights: weights ?? Array.from({ length: quantity }, () => null),
})

const alpha = order({ name: 'Alpha Test', items: [eggs(2), steak(1)] })
const bravo = order({
  name: 'Bravo Test',
  status: 'ready_for_pickup',
  statusLabel: 'Ready for Pickup',
  packed: true,
  items: [eggs(1)],
})
const far = order({
  name: 'Farther Test',
  shippingMethod: 'delivery',
  address: '900 W Main St, Boise, ID 83706',
  zip: '83706',
  items: [steak(3, [124, 130, null])],
})
const near = order({
  name: 'Nearer Test',
  shippingMethod: 'delivery',
  paymentMethod: 'stripe',
  paymentStatus: 'paid',
  status: 'paid',
  statusLabel: 'Paid',
  dueCents: 0,
  address: '100 N 8th St, Boise, ID 83702',
  zip: '83702',
  items: [eggs(4)],
})

const week: ThisWeek = {
  day: '2026-12-08',
  dayLabel: 'Tuesday, December 8',
  days: [{ day: '2026-12-08', label: 'Tuesday, December 8', orders: 4 }],
  groups: [
    {
      key: 'delivery|Boise|16:00|20:00',
      kind: 'delivery',
      title: 'Delivery: Boise',
      orders: [far, near],
    },
    {
      key: 'pickup|Farm|15:00|18:00',
      kind: 'pickup',
      title: 'Pickup at Farm',
      orders: [alpha, bravo],
    },
  ],
  beefShares: [],
  undated: [],
}

test('the pick list totals each item across orders, by name; the run goes by ZIP', () => {
  expect(pickListOf([alpha, bravo, far, near])).toEqual([
    { name: 'Eggs (Dozen)', unit: 'dozen', quantity: 7, centiLb: null, estimated: false },
    // In pieces, not lb: two weighed (1.24 + 1.30) and two at their average (2 x 1.25).
    { name: 'Ribeye', unit: 'piece', quantity: 4, centiLb: 504, estimated: true },
  ])
  const weighed = order({ items: [steak(2, [124, 125])] })
  expect(pickListOf([weighed]).map(pickWeightText)).toEqual(['2.49 lb'])
  expect(deliveryRunOf(week).map((o) => o.name)).toEqual(['Nearer Test', 'Farther Test'])
  expect(unitCount(alpha)).toBe(3)
})

test('the CSV files are made from the same orders: pick per group, pack, and the run', () => {
  const lines = (list: ExportList) => thisWeekCsv(week, list).trim().split('\r\n')
  expect(lines('pick')).toEqual([
    'Group,Item,Unit,Quantity,Expected weight',
    'Delivery: Boise,Eggs (Dozen),dozen,4,',
    'Delivery: Boise,Ribeye,piece,3,about 3.79 lb',
    'Pickup at Farm,Eggs (Dozen),dozen,3,',
    'Pickup at Farm,Ribeye,piece,1,about 1.25 lb',
  ])
  expect(lines('pack')).toHaveLength(5)
  expect(lines('run').slice(1)).toEqual([
    `1,${near.number},Nearer Test,208-555-0100,"100 N 8th St, Boise, ID 83702",83702,4,Paid,${mapLink(near.address ?? '')}`,
    `2,${far.number},Farther Test,208-555-0100,"900 W Main St, Boise, ID 83706",83706,3,$15.00,${mapLink(far.address ?? '')}`,
  ])
})

function Page() {
  return <ThisWeekPage week={week} reply={undefined} />
}
const Stub = createRoutesStub([{ path: '/admin/fulfilment', Component: Page }])

function render(): string {
  return renderToString(<Stub initialEntries={['/admin/fulfilment']} />)
}

test('each order is one block with one form: its steps are buttons named for the order', () => {
  const html = render()
  const block = html.slice(html.indexOf(alpha.number), html.indexOf(bravo.number))
  expect(block.match(/<form/g)).toHaveLength(1)
  expect(block).toContain(`name="orderId" value="${alpha.id}"`)
  expect(block).toContain(`value="pack" aria-label="Mark ${alpha.number} packed"`)
  expect(block).toContain('Eggs (Dozen): 2 × $7.00 / dozen')
  expect(block).toContain('Ribeye: 1 piece, about 1.25 lb, $28.99/lb, est. $36.24')
  // The weights entered so far, piece by piece.
  const farther = html.slice(html.indexOf(far.number), html.indexOf(near.number))
  expect(farther).toContain('Weighed: 1.24 lb, 1.3 lb, not weighed')
  expect(block).toContain('To collect: $15.00')
  // Packed and ready: handed over (with the payment), not packed again.
  const packed = html.slice(html.indexOf(bravo.number))
  expect(packed).toContain('Ready for Pickup · Packed')
  expect(packed).toContain(`value="hand-over" aria-label="Collected and paid: ${bravo.number}"`)
  expect(packed).not.toContain(`Mark ${bravo.number} packed`)
  // "Mark all packed" takes only what is not packed yet.
  expect(html).toContain(
    `name="orderId" value="${alpha.id}"/><button type="submit">Mark all packed`,
  )
})

test('the page keeps its words; a row carries no look of its own', () => {
  const html = render()
  for (const words of [
    'Pick list for Tuesday, December 8',
    'Pick list: Pickup at Farm',
    'Stop 1: Nearer Test',
    'Stop 2: Farther Test',
    'Download the delivery run (CSV)',
    'Print pack list',
  ]) {
    expect(html).toContain(words)
  }
  expect(html).toContain(
    '<tr><th scope="row">Eggs (Dozen)</th><td>dozen</td><td>7</td><td></td></tr>',
  )
  expect(html).not.toContain('<!-- -->')
})
