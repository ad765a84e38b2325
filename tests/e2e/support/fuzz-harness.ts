// How the fuzz tests (tests/e2e/fuzz-*.spec.ts) probe: each target as each role, a few at a
// time, every answer judged against the properties those specs list.
import fc from 'fast-check'
import { type Answer, type CookieJar, type Probe, send, toCurl } from './fuzz-inputs'
import { probeFor } from './fuzz-probes'
import { type FuzzServer, test, WEBHOOK_SECRET } from './fuzz-server'
import { TARGETS, type Target } from './fuzz-targets'

// FUZZ_RUNS (default 15) probes each target per role; `npm run fuzz` runs 500. FUZZ_SEED
// repeats a run; FUZZ_ONLY=cart (or cart:customer) fuzzes one target.
export const RUNS = Number(process.env.FUZZ_RUNS ?? 15)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const ONLY = process.env.FUZZ_ONLY ?? ''
/** targets fuzzed at the same time (the server has two cores to share with everything else) */
const CONCURRENCY = 3

const ROLES = ['guest', 'customer', 'admin'] as const
type Role = (typeof ROLES)[number]

/** How the probes were answered (by status class), to see that they reach past the checks. */
const answered = new Map<string, number>()
function tally(status: number) {
  const key = `${Math.floor(status / 100)}xx`
  answered.set(key, (answered.get(key) ?? 0) + 1)
}
export function report(extra: string) {
  const counts = [...answered].sort().map(([key, n]) => `${key} ${n}`)
  const total = [...answered.values()].reduce((sum, n) => sum + n, 0)
  const description = `${total} probes (${counts.join(', ')}), seed ${SEED}, ${RUNS} runs per target and role; ${extra}`
  test.info().annotations.push({ type: 'fuzz', description })
  console.log(`fuzz: ${description}`)
  answered.clear()
}

// --- what every answer must satisfy -------------------------------------------------------------

const BEFORE_THE_GUARD = [404, 405, 413, 414, 431]
/** Node's own refusals of a request line or headers over its limits. */
const NODE_LIMITS = [414, 431]
const NUL_REFUSAL = 'The request contains a null character, which is not allowed.'

function judge(
  server: FuzzServer,
  target: Target,
  role: Role,
  probe: Probe,
  answer: Answer,
): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (answer.location !== null) {
    let where: URL | null = null
    try {
      where = new URL(answer.location, server.url)
    } catch {
      return `redirected to an unusable location ${JSON.stringify(answer.location)}`
    }
    const own = new URL(server.url).origin
    if (where.origin !== own && where.origin !== server.stripeOrigin)
      return `redirected off the shop, to ${answer.location}`
  }
  const isGet = probe.method === 'GET' || probe.method === 'HEAD'
  // Providers post back to the OAuth callbacks from their own origin (Apple's form_post).
  const callback = /^\/api\/auth\/callback\//.test(probe.path)
  // Node refuses a request line or headers over its limit (431, 414) before the origin check
  // can run; that is a refusal too.
  if (probe.origin === 'foreign' && !isGet && !callback && !NODE_LIMITS.includes(answer.status)) {
    return answer.status === 403 ? null : `a foreign Origin got ${answer.status}, not 403`
  }
  // Refused before any guard runs: Node's limits (a 100 kB URL), or no such route.
  if (BEFORE_THE_GUARD.includes(answer.status)) return null
  // An address with a NUL character, refused before any route (ADR 17).
  if (answer.status === 400 && probe.path.includes('%00') && answer.body === NUL_REFUSAL)
    return null
  if (target.access === 'admin' && role !== 'admin' && answer.status !== 403)
    return `a ${role} posting an admin form got ${answer.status}, not 403`
  if (target.access === 'user' && role === 'guest' && !answer.location?.startsWith('/signin'))
    return `a guest got ${answer.status} (${answer.location}), not sent to sign in`
  if (target.access === 'guest-only' && role !== 'guest' && answer.location !== '/')
    return `a signed-in ${role} got ${answer.status}, not sent home`
  return null
}

/** The lines of the server's output since `from` that say something went wrong. */
function serverErrors(server: FuzzServer, from: number): string {
  return (
    server
      .logs()
      .slice(from)
      .split('\n')
      // errors the app logged, and the stack traces React Router prints for a 500
      .filter((line) => /"level":(50|60)/.test(line) || (/\S/.test(line) && !line.startsWith('{')))
      .slice(0, 12)
      .map((line) => `    ${line.slice(0, 400)}`)
      .join('\n')
  )
}

/** Done before each probe of a target: every checkout starts with something in the cart, so
 * that the probes that get through place orders (and take stock). */
const PREPARE: Record<string, (server: FuzzServer, jar: CookieJar) => Promise<unknown>> = {
  checkout: (server, jar) =>
    server.post(jar, '/cart', { intent: 'add', productId: productInStock(server) }),
}

/** A product without options that can be added to a cart now. */
function productInStock(server: FuzzServer): string {
  return (
    server.get<{ id: string }>(
      `select id from products where stock_quantity > 0 and is_available = 1 and archived_at is null
          and id not in (select product_id from product_variants) order by random() limit 1`,
    )?.id ?? ''
  )
}

/** Fuzzes one target as one role; returns what went wrong, or null. */
async function fuzzTarget(
  server: FuzzServer,
  target: Target,
  role: Role,
  jar: CookieJar,
  seed: number,
  runs: number,
): Promise<string | null> {
  const arbitrary = probeFor(target, { pools: server.pools(), webhookSecret: WEBHOOK_SECRET })
  let logFrom = server.logs().length
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (probe) => {
      logFrom = server.logs().length
      await PREPARE[target.name]?.(server, jar)
      let answer: Answer
      const started = Date.now()
      try {
        answer = await send(server.url, jar, probe)
      } catch (error) {
        const cause = error instanceof Error ? `${error.message}: ${String(error.cause)}` : error
        throw new Error(
          `no answer after ${Date.now() - started} ms (${cause})\n  ${toCurl(server.url, probe)}`,
        )
      }
      tally(answer.status)
      if (process.env.FUZZ_DEBUG)
        console.log(
          `${target.name}:${role}`,
          `${Date.now() - started} ms ${answer.status} ${toCurl(server.url, probe).slice(0, 300)}`,
        )
      const problem = judge(server, target, role, probe, answer)
      if (problem) {
        throw new Error(
          `${problem}\n  ${toCurl(server.url, probe)}\n  body: ${answer.body.slice(0, 300)}`,
        )
      }
    }),
    { numRuns: runs, seed },
  )
  if (!details.failed) return null
  const error = details.errorInstance
  const message = error instanceof Error ? error.message : String(error)
  return [
    `${target.name} as ${role} (FUZZ_SEED=${SEED} FUZZ_RUNS=${runs} FUZZ_ONLY=${target.name}:${role}; fast-check seed ${details.seed}, path ${details.counterexamplePath}):`,
    `  ${message}`,
    serverErrors(server, logFrom),
  ].join('\n')
}

export type Job = { target: Target; role: Role; jar: CookieJar; runs: number }

/** Runs the jobs a few at a time; each gets its own seed derived from SEED. */
export async function fuzzAll(server: FuzzServer, jobs: Job[]): Promise<string[]> {
  const chosen = jobs.filter(({ target, role }) => {
    if (!ONLY) return true
    const [name, onlyRole] = ONLY.split(':')
    return target.name === name && (!onlyRole || onlyRole === role)
  })
  const failures: string[] = []
  const logFrom = server.logs().length
  let next = 0
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++
      const job = chosen[index] as Job
      const seed = (SEED + TARGETS.indexOf(job.target) * 3 + ROLES.indexOf(job.role)) % 2 ** 31
      const failure = await fuzzTarget(server, job.target, job.role, job.jar, seed, job.runs)
      if (failure) failures.push(failure)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  if (failures.length) {
    await test.info().attach('server-log.txt', { body: server.logs().slice(logFrom) })
  }
  return failures
}
