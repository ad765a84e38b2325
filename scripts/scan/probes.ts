import { fill, request, type ScanContext, type Stack } from './setup'
import type { Target } from './targets'

// Two checks the scanners cannot make, posted straight at the shop with each role's cookies:
// - Cross-site request forgery: the shop protects its forms by refusing other origins
//   (server/security.server.ts), not with token fields, so a scanner that looks for tokens
//   cannot judge it. Every form target is posted as another site's page would post it; each
//   must get 403.
// - Other methods: the shop's pages take GET and HEAD and its forms POST. PUT, PATCH, DELETE,
//   OPTIONS and TRACE to every path, with the shop's own origin and a form body, must get a
//   4xx: never a 5xx, and never the form's action.

export type ProbeFailure = { target: string; how: string; status: number }

export type ProbeResults = {
  origin: { checked: number; failures: ProbeFailure[] }
  methods: { checked: number; failures: ProbeFailure[] }
}

const FOREIGN: { how: string; headers: Record<string, string> }[] = [
  { how: 'Origin: https://evil.example', headers: { Origin: 'https://evil.example' } },
  { how: 'Origin: null', headers: { Origin: 'null' } },
  { how: 'no Origin, Sec-Fetch-Site: cross-site', headers: { 'Sec-Fetch-Site': 'cross-site' } },
]

const OTHER_METHODS = ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']

type Prepared = { target: Target; path: string; body: string; contentType: string; cookie: string }

function prepare(target: Target, context: ScanContext): Prepared {
  const fields = Object.fromEntries(
    Object.entries(target.fields ?? {}).map(([name, value]) => [name, fill(value, context.ids)]),
  )
  const json = target.json !== undefined
  return {
    target,
    path: fill(target.path, context.ids).replace('*', ''),
    body: json ? fill(target.json ?? '', context.ids) : new URLSearchParams(fields).toString(),
    contentType: json ? 'application/json' : 'application/x-www-form-urlencoded',
    cookie: context.cookies[target.role],
  }
}

function send(stack: Stack, probe: Prepared, method: string, headers: Record<string, string>) {
  return request(stack.appUrl + probe.path, {
    method,
    headers: {
      'Content-Type': probe.contentType,
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': new URL(stack.publicUrl).host,
      ...(probe.cookie ? { Cookie: probe.cookie } : {}),
      ...headers,
    },
    // TRACE may not carry a body (Node refuses to send one).
    body: method === 'TRACE' ? undefined : probe.body,
  })
}

export async function runProbes(
  targets: Target[],
  context: ScanContext,
  stack: Stack,
): Promise<ProbeResults> {
  const results: ProbeResults = {
    origin: { checked: 0, failures: [] },
    methods: { checked: 0, failures: [] },
  }
  const prepared = targets.map((target) => prepare(target, context))
  for (const probe of prepared.filter((candidate) => candidate.target.method === 'POST')) {
    for (const foreign of FOREIGN) {
      const answer = await send(stack, probe, 'POST', foreign.headers)
      results.origin.checked++
      if (answer.status !== 403)
        results.origin.failures.push({
          target: probe.target.name,
          how: foreign.how,
          status: answer.status,
        })
    }
  }
  // One probe per path and role: the path's form if it has one, else an empty body.
  const byPath = new Map<string, Prepared>()
  for (const probe of prepared) {
    const key = `${probe.target.role} ${probe.path}`
    if (!byPath.has(key) || probe.target.method === 'POST') byPath.set(key, probe)
  }
  for (const probe of byPath.values()) {
    for (const method of OTHER_METHODS) {
      const answer = await send(stack, probe, method, { Origin: stack.publicUrl })
      results.methods.checked++
      if (answer.status < 400 || answer.status >= 500)
        results.methods.failures.push({
          target: `${probe.target.role} ${probe.path}`,
          how: method,
          status: answer.status,
        })
    }
  }
  return results
}
