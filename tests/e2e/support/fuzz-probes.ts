import fc from 'fast-check'
import Stripe from 'stripe'
import {
  type Body,
  cookieNoiseArb,
  type Entries,
  type FilePart,
  type FormValue,
  forwardedForArb,
  hostileFile,
  hostileName,
  hostileNumber,
  hostileString,
  originArb,
  type Probe,
  storedText,
  unreadableBody,
} from './fuzz-inputs'
import { type Form, type Pools, TARGETS, type Target } from './fuzz-targets'

// From the table (fuzz-targets.ts) to probes: a plausible form with a few of its fields
// mutated, sent as a browser would or as no browser would; and the JSON endpoints' bodies.

/** Every intent any form knows: a wrong intent is most interesting when it is another's. */
const KNOWN_INTENTS = [
  ...new Set(
    TARGETS.flatMap((target) => target.forms).flatMap((form) =>
      form.intent ? fc.sample(form.intent.plausible(emptyPools()), 40).flat() : [],
    ),
  ),
].filter((intent): intent is string => typeof intent === 'string')

function emptyPools(): Pools {
  return {
    products: [],
    variants: [],
    soldOut: [],
    lines: [],
    addresses: [],
    waiting: [],
    orders: [],
    customers: [],
    messages: [],
    team: [],
    gallery: [],
    promos: [],
    emails: [],
    newsletterTokens: [],
    animals: [],
    shares: [],
    shareTokens: [],
    categories: ['Beef'],
  }
}

type Mutation = {
  field: number
  how: 'hostile' | 'drop' | 'repeat' | 'as-file' | 'extra'
  text: string
  number: string
  file: FilePart
  name: string
  intent: string
}

const mutationArb = (fields: number): fc.Arbitrary<Mutation> =>
  fc.record({
    field: fc.nat({ max: Math.max(0, fields - 1) }),
    how: fc.constantFrom<Mutation['how']>(
      'hostile',
      'hostile',
      'hostile',
      'drop',
      'repeat',
      'as-file',
      'extra',
    ),
    text: hostileString,
    number: hostileNumber,
    file: hostileFile,
    name: hostileName,
    intent: fc.oneof(fc.constantFrom(...KNOWN_INTENTS), hostileString),
  })

const asArray = (value: FormValue | FormValue[]): FormValue[] =>
  Array.isArray(value) ? value : [value]

/** A plausible form with none, a few or many of its fields mutated. */
export function formEntries(form: Form, pools: Pools): fc.Arbitrary<Entries> {
  const names = Object.keys(form)
  const plausible = fc.tuple(...names.map((name) => (form[name] as Form[string]).plausible(pools)))
  const mutations = fc.oneof(
    { weight: 9, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 7, arbitrary: fc.array(mutationArb(names.length), { minLength: 1, maxLength: 2 }) },
    {
      weight: 2,
      arbitrary: fc.array(mutationArb(names.length), {
        minLength: 3,
        maxLength: names.length + 2,
      }),
    },
  )
  return fc.tuple(plausible, mutations).map(([values, changes]) => {
    const slots = names.map((name, i) => ({
      name,
      list: [...asArray(values[i] as FormValue | FormValue[])],
    }))
    const extra: Entries = []
    for (const change of changes) {
      const slot = slots[change.field]
      if (!slot) continue
      const kind = form[slot.name]?.kind
      const hostile =
        slot.name === 'intent'
          ? change.intent
          : kind === 'number'
            ? change.number
            : kind === 'file'
              ? change.file
              : change.text
      if (change.how === 'hostile') slot.list = [hostile]
      else if (change.how === 'drop') slot.list = []
      else if (change.how === 'repeat') slot.list.push(hostile)
      else if (change.how === 'as-file') slot.list = [change.file]
      else extra.push([change.name, change.text])
    }
    return [
      ...slots.flatMap(({ name, list }) =>
        list.map((value) => [name, value] as [string, FormValue]),
      ),
      ...extra,
    ]
  })
}

const methodArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE') },
)

function formRequest(target: Target, pools: Pools) {
  return fc
    .nat({ max: target.forms.length - 1 })
    .chain((index) => formEntries(target.forms[index] as Form, pools))
    .chain((entries) =>
      fc.oneof(
        {
          weight: 14,
          arbitrary: (target.multipart
            ? fc.constantFrom('multipart', 'multipart', 'multipart', 'urlencoded')
            : fc.constantFrom('urlencoded', 'urlencoded', 'urlencoded', 'multipart')
          ).map((kind): Body => ({ kind: kind as 'urlencoded' | 'multipart', entries })),
        },
        { weight: 1, arbitrary: unreadableBody(entries) },
      ),
    )
    .chain((body) =>
      methodArb.map((method) => ({ method, body, headers: {} as Record<string, string> })),
    )
}

// --- the JSON endpoints ----------------------------------------------------------------------------

type Request = { method: string; body: Body; headers: Record<string, string> }

const json = (value: unknown, contentType = 'application/json'): Body => ({
  kind: 'raw',
  contentType,
  text: JSON.stringify(value) ?? 'undefined',
})

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })

/** /api/errors: batches of browser error reports, good and bad. */
const errorReports = (): fc.Arbitrary<Request> => {
  const report = fc.record(
    {
      level: fc.oneof(fc.constantFrom('error', 'warning', 'info'), hostileString),
      message: fc.oneof(storedText, hostileString),
      stack: maybe(fc.oneof(storedText, hostileString)),
      context: maybe(
        fc.dictionary(
          fc.oneof(fc.string({ maxLength: 10 }), hostileName),
          fc.oneof(storedText, fc.integer(), fc.boolean(), fc.constant(null), fc.object()),
          { maxKeys: 4 },
        ),
      ),
      url: maybe(fc.oneof(fc.webUrl(), storedText)),
      user_agent: maybe(storedText),
    },
    { requiredKeys: [] },
  )
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.array(report, { minLength: 1, maxLength: 3 }).map((r) => json(r)) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => json(v)) },
    {
      weight: 1,
      arbitrary: fc.array(report, { minLength: 1, maxLength: 2 }).map((r) => json(r, 'text/plain')),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Body>(
        { kind: 'raw', contentType: 'application/json', text: '' },
        { kind: 'raw', contentType: 'application/json', text: '[{"message":' },
        { kind: 'raw', contentType: 'application/json', text: '[{}]' },
        {
          kind: 'raw',
          contentType: 'application/json',
          text: `[${'{"message":"x"},'.repeat(60)}{}]`,
        },
        {
          kind: 'raw',
          contentType: 'application/json',
          text: `[{"message":"${'a'.repeat(70_000)}"}]`,
        },
        {
          kind: 'raw',
          contentType: 'application/json',
          text: new Uint8Array([0x5b, 0xff, 0xfe, 0x5d]),
        },
        { kind: 'raw', text: '[{"message":"no content type"}]' },
        { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'message=x' },
      ),
    },
  )
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant('POST') },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE') },
    ),
    body,
    headers: fc.constant({}),
  })
}

/** The Stripe webhook: bad signatures, and well-signed events that make no sense. */
const stripeEvents = (pools: Pools, secret: string): fc.Arbitrary<Request> => {
  const orderId = fc.oneof(
    fc.nat().map((i) => pools.orders[i % Math.max(1, pools.orders.length)] ?? 'none'),
    hostileString,
    fc.integer(),
    fc.constant(null),
  )
  const session = fc.record(
    {
      id: fc.oneof(fc.constant('cs_test_fuzz'), hostileString, fc.integer()),
      object: fc.constant('checkout.session'),
      client_reference_id: orderId,
      metadata: fc.oneof(
        fc.record({ orderId }, { requiredKeys: [] }),
        fc.constant(null),
        fc.string(),
      ),
      payment_status: fc.constantFrom('paid', 'unpaid', 'no_payment_required', 42, null),
      status: fc.constantFrom('complete', 'expired', 'open'),
      amount_total: fc.oneof(fc.integer(), fc.constant(null), fc.string()),
    },
    { requiredKeys: [] },
  )
  const event = fc.record(
    {
      id: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), hostileString),
      object: fc.constant('event'),
      type: fc.oneof(
        fc.constantFrom(
          'checkout.session.completed',
          'checkout.session.expired',
          'checkout.session.async_payment_succeeded',
          'payment_intent.succeeded',
        ),
        hostileString,
      ),
      created: fc.integer({ min: 0, max: 2_000_000_000 }),
      data: fc.oneof(
        { weight: 6, arbitrary: fc.record({ object: session }) },
        { weight: 1, arbitrary: fc.constantFrom({}, { object: null }, null, [], 'x') },
      ),
    },
    { requiredKeys: ['type'] },
  )
  const payload = fc.oneof(
    { weight: 6, arbitrary: event.map((e) => JSON.stringify(e)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v) ?? '') },
    { weight: 1, arbitrary: hostileString },
  )
  const signed = (text: string, key: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload: text, secret: key })
  return fc
    .tuple(
      payload,
      fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage', 'other-secret', 'old'),
      hostileString,
    )
    .map(([text, how, junk]) => {
      const headers: Record<string, string> = {}
      if (how === 'valid') headers['stripe-signature'] = signed(text, secret)
      if (how === 'other-secret') headers['stripe-signature'] = signed(text, 'whsec_other')
      // A header carries Latin-1 only; anything else cannot even be sent.
      if (how === 'garbage') headers['stripe-signature'] = junk.replace(/[^\x20-\xff]/g, '?')
      if (how === 'old') headers['stripe-signature'] = `t=1,v1=${'0'.repeat(64)}`
      return {
        method: 'POST',
        headers,
        body: { kind: 'raw', contentType: 'application/json', text } as Body,
      }
    })
}

/** better-auth's own endpoints: only the OAuth callbacks are open here. */
const authRequests = (): fc.Arbitrary<Request> =>
  fc.record({
    method: fc.constantFrom('GET', 'POST', 'POST', 'PUT'),
    body: fc.oneof(
      fc
        .record(
          {
            email: fc.oneof(fc.emailAddress(), hostileString),
            password: fc.oneof(fc.constant('pasture-fresh-42'), hostileString),
            name: storedText,
            role: fc.constant('admin'),
            isAdmin: fc.constant(true),
            callbackURL: fc.constantFrom('https://evil.example', '/account'),
          },
          { requiredKeys: [] },
        )
        .map((v) => json(v)),
      fc.jsonValue().map((v) => json(v)),
      fc.constant<Body>({
        kind: 'urlencoded',
        entries: [
          ['code', 'abc'],
          ['state', 'xyz'],
        ],
      }),
      fc.constant<Body>({ kind: 'raw', contentType: 'application/json', text: '{' }),
    ),
    headers: fc.constant({}),
  })

export type ProbeContext = { pools: Pools; webhookSecret: string }

function requestFor(target: Target, context: ProbeContext): fc.Arbitrary<Request> {
  switch (target.name) {
    case 'api-errors':
      return errorReports()
    case 'api-stripe-webhook':
      return stripeEvents(context.pools, context.webhookSecret)
    case 'api-auth':
      return authRequests()
    default:
      return formRequest(target, context.pools)
  }
}

/** Everything about one request to one target. */
export function probeFor(target: Target, context: ProbeContext): fc.Arbitrary<Probe> {
  return fc
    .record({
      path: target.path(context.pools),
      request: requestFor(target, context),
      transport: fc.constantFrom<Probe['transport']>('document', 'document', 'data'),
      origin: originArb,
      foreign: fc.nat(),
      forwardedFor: forwardedForArb,
      cookieNoise: cookieNoiseArb,
    })
    .map(({ request, ...rest }) => ({ ...rest, ...request }))
}
