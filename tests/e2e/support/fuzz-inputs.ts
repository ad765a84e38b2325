import { crc32 } from 'node:zlib'
import fc from 'fast-check'

// The random and hostile values the fuzz tests (tests/e2e/fuzz-*.spec.ts) send: strings that
// have broken web shops before (markup, SQL, numbers that are not numbers, control characters,
// very long text), hostile file uploads, and bodies that are not forms at all.

/** Markup and script payloads. Each calls __xss(n), which the browser checks count, and every
 * one that would make an element carries data-fz: the page checks look for elements with it,
 * which finds injected markup even where the CSP kept its script from running. */
export const MARKUP = [
  '<script data-fz>__xss(1)</script>',
  '<img src=x onerror=__xss(2) data-fz>',
  '"><svg onload=__xss(3) data-fz>',
  `'><iframe data-fz srcdoc="<script>parent.__xss(4)</script>"></iframe>`,
  '</script><script data-fz>__xss(5)</script>',
  '</textarea><img src=x onerror=__xss(6) data-fz>',
  '</title><img src=x onerror=__xss(7) data-fz>',
  '<a data-fz href="javascript:__xss(8)">click</a>',
  'javascript:__xss(9)',
  '<details open ontoggle=__xss(10) data-fz>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(11) data-fz>',
  "{{constructor.constructor('__xss(12)')()}}",
  '<b data-fz>bold</b><!--',
  '<base data-fz href="https://evil.example/">',
  '<meta data-fz http-equiv="refresh" content="0;url=https://evil.example/">',
  // Spreadsheet formulas (the CSV exports) and an e-mail header break.
  '=HYPERLINK("https://evil.example","x")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  'Subject: hi\r\nBcc: everyone@evil.example',
] as const

export const SQLISH = [
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  '" OR 1=1 --',
  '1) OR (1=1',
  "' UNION SELECT password, null FROM accounts --",
  "%' AND 1=1 --",
  "\\'",
  "'||(select sqlite_version())||'",
  '1; SELECT pg_sleep(3) --',
  '$1',
  '?',
] as const

/** Numbers as a form sends them, and things that look like numbers. */
export const NUMBERISH = [
  '0',
  '-0',
  '-1',
  '1',
  '3',
  '999',
  '1000',
  '100000',
  '100001',
  '2147483648',
  '9999999999',
  '9007199254740993',
  '1e309',
  '-1e309',
  '1e3',
  '1e-7',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b1',
  '1.5',
  '12.505',
  '0.001',
  '  7 ',
  '7abc',
  '٣',
  '１２',
  '+5',
  '1,000',
  '$5.00',
  '$-5',
  '.5',
  '5.',
  '-',
  '00000000000000000001',
  '1'.repeat(400),
] as const

export const ODD = [
  '{"type":"remove","payload":{"name":"options","index":999}}',
  '{"type":"insert","payload":{"name":"__proto__"}}',
  '{"type":"reorder","payload":{"name":"name","from":0,"to":-1}}',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n\r\n',
  '\t',
  '\u202eevil',
  '\ufeff',
  '\u2028\u2029',
  '👩‍🌾🐄',
  'Z̴̡͚̈́a̵l̸g̵o̶',
  '../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '//evil.example',
  'https://evil.example/',
  '/\\evil.example',
  '\\\\evil.example',
  'https:evil.example',
  '__proto__',
  'constructor',
  '[object Object]',
  'undefined',
  'null',
  'true',
  '{}',
  '[]',
  '{"$gt":""}',
] as const

/** Field names a form does not have, some of them tempting. */
export const ODD_NAMES = [
  // Conform's list buttons (ADR 27): a forged one must be a 400, not a crash
  '__intent__',
  '__proto__',
  'constructor',
  'prototype',
  'intent[]',
  'variants.0.price',
  'variants.999.name',
  'variants.-1.stock',
  'variants.29.name',
  'variants.00001.name',
  'states',
  'redirect',
  '',
  ' ',
  'x'.repeat(300),
  'hours_Mo_open',
  'remove_logo_image_url',
  'isAdmin',
  'is_admin',
  'price_cents',
  'stock_quantity',
  'customerId',
  'customer_id',
  'role',
  'id',
] as const

const words = fc
  .array(
    fc.constantFrom(
      'Ann',
      'Lee',
      'Boise',
      'meadow',
      'farm',
      'Ñandú',
      'Zoë',
      'O’Brien',
      '東京',
      'x',
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(' '))

const longText = fc
  .record({
    length: fc.constantFrom(101, 201, 256, 301, 501, 1001, 2001, 5001, 10_001, 100_001),
    unit: fc.constantFrom('a', '€', '👩‍🌾', '<', ' ', '\n'),
  })
  .map(({ length, unit }) => unit.repeat(length))

/** Any hostile string: markup, SQL, numbers, odd characters, random Unicode, very long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MARKUP) },
  { weight: 2, arbitrary: fc.constantFrom(...SQLISH) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERISH) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: longText },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(words, fc.constantFrom(...MARKUP), words)
      .map(([a, markup, b]) => `${a} ${markup} ${b}`),
  },
)

/** Mostly numbers that are not what a number field wants. */
export const hostileNumber: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NUMBERISH) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 2, arbitrary: hostileString },
)

export const hostileName: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
)

/** Text a shopper or an admin may legitimately type, markup and all: it must be stored as
 * text and shown as text. */
export const storedText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: words },
  { weight: 4, arbitrary: fc.constantFrom(...MARKUP) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(words, fc.constantFrom(...MARKUP))
      .map(([text, markup]) => `${text} ${markup}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
)

// --- files -------------------------------------------------------------------------------------

export type FilePart = { file: true; filename: string; type: string; bytes: Uint8Array }

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** A PNG header claiming the given size (the pixels are missing or tiny). */
function pngClaiming(width: number, height: number, idat: Uint8Array): Uint8Array {
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array()),
  ]
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** zlib stream of one filtered row of one black RGB pixel. */
const ONE_PIXEL_IDAT = new Uint8Array([
  0x78, 0x9c, 0x63, 0x60, 0x60, 0x60, 0x00, 0x00, 0x00, 0x04, 0x00, 0x01,
])
export const TINY_PNG = pngClaiming(1, 1, ONE_PIXEL_IDAT)

const file = (filename: string, type: string, bytes: Uint8Array | string): FilePart => ({
  file: true,
  filename,
  type,
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
})

/** A small real picture, as an admin uploads one. */
export const plausibleFile: fc.Arbitrary<FilePart> = fc.constantFrom(
  file('photo.png', 'image/png', TINY_PNG),
  file('', 'application/octet-stream', ''), // an empty file input: keep the current picture
)

export const hostileFile: fc.Arbitrary<FilePart> = fc.oneof(
  fc.constantFrom(
    file('x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="__xss(20)"/>'),
    file('x.html', 'text/html', '<script>__xss(21)</script>'),
    file('x.png', 'image/png', '<script>__xss(22)</script>'),
    file('empty.png', 'image/png', ''),
    file('truncated.png', 'image/png', TINY_PNG.subarray(0, 40)),
    file('huge.png', 'image/png', pngClaiming(0x7fff_ffff, 0x7fff_ffff, ONE_PIXEL_IDAT)),
    file('wide.png', 'image/png', pngClaiming(100_000, 1, ONE_PIXEL_IDAT)),
    file('../../etc/passwd', 'image/png', TINY_PNG),
    file('"><img src=x onerror=__xss(23) data-fz>.png', 'image/png', TINY_PNG),
  ),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => file('random.jpg', 'image/jpeg', bytes)),
)

// --- bodies --------------------------------------------------------------------------------------

export type FormValue = string | FilePart
export type Entries = Array<[string, FormValue]>

/** What a probe sends: a form (as a browser would), or bytes a browser's form never sends. */
export type Body =
  | { kind: 'urlencoded'; entries: Entries }
  | { kind: 'multipart'; entries: Entries }
  | { kind: 'raw'; contentType?: string; contentEncoding?: string; text: string | Uint8Array }

/** Bodies that are not a readable form, for every form action. */
export function unreadableBody(entries: Entries): fc.Arbitrary<Body> {
  const asJson = JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, String(v)])))
  return fc.oneof(
    fc.constant<Body>({ kind: 'raw', contentType: 'application/json', text: asJson }),
    fc.constant<Body>({ kind: 'raw', contentType: 'application/json', text: '{"intent":' }),
    fc.constant<Body>({ kind: 'raw', contentType: 'text/plain', text: 'intent=add' }),
    fc.constant<Body>({ kind: 'raw', text: '' }),
    fc.constant<Body>({ kind: 'raw', contentType: 'multipart/form-data', text: 'intent=add' }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=fuzz',
      text: '--fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=fuzz',
      text: '--fuzz\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--fuzz--\r\n',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'application/x-www-form-urlencoded',
      text: 'intent=%E0%A4%A&productId=%%%&&==&quantity=%ff%fe',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'application/x-www-form-urlencoded',
      text: new Uint8Array([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe, 0x00, 0xc0]),
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'application/x-www-form-urlencoded; charset=utf-16',
      text: 'intent=add',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'application/x-www-form-urlencoded',
      contentEncoding: 'gzip',
      text: 'not gzip at all',
    }),
    fc
      .string({ unit: 'binary', maxLength: 200 })
      .map<Body>((text) => ({ kind: 'raw', contentType: 'application/xml', text })),
  )
}

// --- the HTTP side -----------------------------------------------------------------------------

export type Origin = 'own' | 'none' | 'foreign'

export type Probe = {
  method: string
  path: string
  /** 'data' posts to React Router's single-fetch URL (what fetchers use): /cart.data */
  transport: 'document' | 'data'
  origin: Origin
  /** which foreign origin (an index into foreignOrigins) */
  foreign: number
  forwardedFor: string
  headers: Record<string, string>
  body: Body
  /** junk appended to the Cookie header */
  cookieNoise: string
}

export function foreignOrigins(own: string): string[] {
  const url = new URL(own)
  return [
    'https://evil.example',
    'null',
    `${url.protocol}//${url.hostname}.evil.example:${url.port}`,
    `https://${url.host}`,
    `${url.protocol}//${url.hostname}:1`,
  ]
}

export const originArb: fc.Arbitrary<Origin> = fc.oneof(
  { weight: 18, arbitrary: fc.constant<Origin>('own') },
  { weight: 1, arbitrary: fc.constant<Origin>('none') },
  { weight: 1, arbitrary: fc.constant<Origin>('foreign') },
)

export const forwardedForArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'unknown', '1.2.3.4, 5.6.7.8', '999.1.1.1', "' OR 1=1 --"),
  },
)

export const cookieNoiseArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'farm.session_token=bogus',
      'farm.session_token=%E0%A4%A',
      'farm.cart=forged.signature',
      'farm.cart=%00',
      '__Host-farm.cart=x',
      '=; ; ;==',
      `farm.cart=${'a'.repeat(4000)}`,
    ),
  },
)

/** A cookie jar for one role. Session cookies are set once and never taken from answers: a
 * fuzzed sign-up, sign-in or sign-out never turns one role into another. */
export class CookieJar {
  private cookies = new Map<string, string>()

  set(name: string, value: string) {
    this.cookies.set(name, value)
  }

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (/session|dont_remember/.test(name)) continue
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (expired || !value) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  all(): Array<{ name: string; value: string }> {
    return [...this.cookies].map(([name, value]) => ({ name, value }))
  }
}

export type Answer = {
  status: number
  /** where a redirect goes: the Location header, or the redirect a .data answer carries */
  location: string | null
  body: string
}

/** Turns lone surrogates into U+FFFD, so any string can go into a URL. */
export function wellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  )
}

function encodeBody(body: Body): { body?: BodyInit; headers: Record<string, string> } {
  switch (body.kind) {
    case 'urlencoded': {
      const params = new URLSearchParams()
      for (const [name, value] of body.entries)
        params.append(name, typeof value === 'string' ? value : value.filename)
      return { body: params, headers: {} }
    }
    case 'multipart': {
      const form = new FormData()
      for (const [name, value] of body.entries) {
        if (typeof value === 'string') form.append(name, value)
        else
          form.append(
            name,
            new Blob([value.bytes as BlobPart], { type: value.type }),
            value.filename,
          )
      }
      return { body: form, headers: {} }
    }
    case 'raw': {
      const headers: Record<string, string> = {}
      if (body.contentType !== undefined) headers['content-type'] = body.contentType
      if (body.contentEncoding !== undefined) headers['content-encoding'] = body.contentEncoding
      return { body: body.text.length ? (body.text as BodyInit) : undefined, headers }
    }
  }
}

/** The URL a probe goes to: /cart or, for single fetch, /cart.data (index routes: _root). */
export function probeUrl(base: string, probe: Probe): string {
  const url = new URL(probe.path, base)
  if (probe.transport === 'data') url.pathname = `${url.pathname.replace(/\/$/, '')}.data`
  return url.toString()
}

/** Sends one probe with the role's cookies; follows no redirect. */
export async function send(base: string, jar: CookieJar, probe: Probe): Promise<Answer> {
  const { body, headers } = encodeBody(probe.body)
  const all: Record<string, string> = { ...headers, ...probe.headers }
  if (probe.origin === 'own') all.origin = base
  if (probe.origin === 'foreign') {
    const choices = foreignOrigins(base)
    all.origin = choices[probe.foreign % choices.length] as string
  }
  if (probe.forwardedFor) all['x-forwarded-for'] = probe.forwardedFor
  const cookie = [jar.header(), probe.cookieNoise].filter(Boolean).join('; ')
  if (cookie) all.cookie = cookie
  const url = probeUrl(base, probe)
  let response: Response
  try {
    response = await fetch(url, {
      method: probe.method,
      headers: all,
      body: probe.method === 'GET' || probe.method === 'HEAD' ? undefined : body,
      redirect: 'manual',
      // A request the shop leaves hanging is a failure too.
      signal: AbortSignal.timeout(15_000),
    })
  } catch (error) {
    // Node refuses a request line over its 16 KiB header limit (431) and closes the connection
    // at once: a client still sending the body sees that as EPIPE or a reset.
    const code = (error as { cause?: { code?: string } }).cause?.code
    if (url.length > 16_384 && (code === 'EPIPE' || code === 'ECONNRESET'))
      return { status: 431, location: null, body: 'closed: request line too long' }
    throw error
  }
  jar.take(response)
  const text = await response.text()
  let location = response.headers.get('location')
  // Single fetch answers a redirect with 202 and ["...","redirect","/where",...] as its body.
  if (probe.transport === 'data' && response.status === 202) {
    const match = /^\[\{[^\]]*?\},"redirect",("(?:[^"\\]|\\.)*")/.exec(text)
    if (match?.[1]) location = JSON.parse(match[1]) as string
  }
  return { status: response.status, location, body: text.slice(0, 2000) }
}

/** The probe as a curl command line, for a failure message a person can rerun. */
export function toCurl(base: string, probe: Probe): string {
  const quote = (text: string) => `'${wellFormed(text).replaceAll("'", `'\\''`).slice(0, 300)}'`
  const parts = ['curl', '-i', '-X', probe.method]
  if (probe.origin === 'own') parts.push('-H', quote(`Origin: ${base}`))
  if (probe.origin === 'foreign') {
    const choices = foreignOrigins(base)
    parts.push('-H', quote(`Origin: ${choices[probe.foreign % choices.length]}`))
  }
  if (probe.forwardedFor) parts.push('-H', quote(`X-Forwarded-For: ${probe.forwardedFor}`))
  for (const [name, value] of Object.entries(probe.headers))
    parts.push('-H', quote(`${name}: ${value}`))
  const body = probe.body
  if (body.kind === 'urlencoded') {
    for (const [name, value] of body.entries) {
      const text = typeof value === 'string' ? value : value.filename
      parts.push('--data-urlencode', quote(`${name}=${text}`))
    }
  } else if (body.kind === 'multipart') {
    for (const [name, value] of body.entries) {
      parts.push(
        '-F',
        typeof value === 'string'
          ? quote(`${name}=${value}`)
          : quote(`${name}=@${value.filename || 'empty'};type=${value.type}`),
      )
    }
  } else {
    if (body.contentType) parts.push('-H', quote(`Content-Type: ${body.contentType}`))
    if (body.contentEncoding) parts.push('-H', quote(`Content-Encoding: ${body.contentEncoding}`))
    const text = typeof body.text === 'string' ? body.text : Buffer.from(body.text).toString('hex')
    parts.push('--data-binary', quote(text))
  }
  parts.push(quote(probeUrl(base, probe)))
  return parts.join(' ')
}
