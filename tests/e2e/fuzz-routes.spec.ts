import { readFileSync } from 'node:fs'
import http from 'node:http'
import { expect, test } from './support/fuzz-server'
import { TARGETS } from './support/fuzz-targets'

// Issue 7 item 4, property-based: random and hostile input at every form action and JSON
// endpoint (the table is tests/e2e/support/fuzz-targets.ts), as a guest, as a customer and as
// an admin, against the production build on its own fresh database. The properties:
//   - no request ever answers 5xx;
//   - a foreign Origin is refused (403); a guest or customer posting an admin form gets 403;
//     redirects never leave the shop;
//   - guests and customers change no price, stock, setting or content: after their run every
//     product's and option's stock is what it was minus what their orders hold, and nothing
//     else an admin owns (or another customer's address, cart or waiting list) has changed;
//   - whatever admins and customers stored (names, messages, addresses, products, team, farm
//     information...) shows as text: no page or email has an element made from a payload,
//     and no payload runs in Chromium.
// This file: the fuzz table covers every form, and a body no action reads. The probing is in
// fuzz-guests.spec.ts and fuzz-admins.spec.ts.

test.describe.configure({ mode: 'default' })

test('every action route in app/routes.ts is in the fuzz table', () => {
  const routes = readFileSync('app/routes.ts', 'utf8')
  const modules = [...routes.matchAll(/'(routes\/[^']+\.tsx?)'/g)].map((match) => match[1] ?? '')
  const withAction = modules.filter((module) =>
    /export\s+(async\s+function|const|function)\s+action\b/.test(
      readFileSync(`app/${module}`, 'utf8'),
    ),
  )
  const inTable = TARGETS.map((target) => target.module)
  expect(
    withAction.filter((module) => !inTable.includes(module)),
    'routes with an action missing from tests/e2e/support/fuzz-targets.ts',
  ).toEqual([])
  expect(
    inTable.filter((module) => !withAction.includes(module)),
    'fuzz-targets.ts entries whose route has no action',
  ).toEqual([])
})

// Found by the fuzzing (a 1 MB probe to a route that does not read bodies), kept as a plain
// test: such a request left its connection stalled, and the next request on it hung.
test('a large body an action never reads does not stall the connection', async ({
  fuzzServer: server,
}) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const request = (method: string, path: string, body = '') =>
    new Promise<number>((resolve, reject) => {
      const outgoing = http.request(
        `${server.url}${path}`,
        {
          method,
          agent,
          timeout: 5_000,
          headers: {
            origin: server.url,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${path}: no answer within 5 s`)))
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  try {
    // A guest's megabyte posted to an admin form is refused before anything reads it (over
    // the 64 KB a guest may send, ADR 35)...
    expect(await request('POST', '/admin/settings', `tax_rate=${'9'.repeat(1_000_000)}`)).toBe(413)
    // ...and the connection goes on: the next request on it is answered.
    expect(await request('GET', '/healthz')).toBe(200)
  } finally {
    agent.destroy()
  }
})
