import { fill, request, type ScanContext, type Stack } from './setup'
import type { Target } from './targets'

// Cross-site request forgery, checked directly: the shop protects its forms by refusing
// requests from other origins (app/http/security.server.ts), not with token fields, so a
// scanner that looks for tokens cannot judge it. Every form target is posted, with the role's
// cookies, as another site's page would post it; each must get 403 and change nothing.

export type OriginCheck = { target: string; how: string; status: number }

const FOREIGN: { how: string; headers: Record<string, string> }[] = [
  { how: 'Origin: https://evil.example', headers: { Origin: 'https://evil.example' } },
  { how: 'Origin: null', headers: { Origin: 'null' } },
  { how: 'no Origin, Sec-Fetch-Site: cross-site', headers: { 'Sec-Fetch-Site': 'cross-site' } },
]

export async function checkForeignOrigins(
  targets: Target[],
  context: ScanContext,
  stack: Stack,
): Promise<{ checked: number; refusedAll: boolean; failures: OriginCheck[] }> {
  const failures: OriginCheck[] = []
  let checked = 0
  for (const target of targets.filter((candidate) => candidate.method === 'POST')) {
    const fields = Object.fromEntries(
      Object.entries(target.fields ?? {}).map(([name, value]) => [name, fill(value, context.ids)]),
    )
    const json = target.json !== undefined
    const body = json
      ? fill(target.json ?? '', context.ids)
      : new URLSearchParams(fields).toString()
    const cookie = context.cookies[target.role]
    for (const foreign of FOREIGN) {
      const answer = await request(stack.appUrl + fill(target.path, context.ids).replace('*', ''), {
        method: 'POST',
        headers: {
          'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded',
          'X-Forwarded-Proto': 'https',
          'X-Forwarded-Host': new URL(stack.publicUrl).host,
          ...(cookie ? { Cookie: cookie } : {}),
          ...foreign.headers,
        },
        body,
      })
      checked++
      if (answer.status !== 403) {
        failures.push({ target: target.name, how: foreign.how, status: answer.status })
      }
    }
  }
  return { checked, refusedAll: failures.length === 0, failures }
}
