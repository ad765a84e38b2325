// `npm run scan`: sqlmap and wapiti (Debian's packages) against the running production build,
// as guest, customer and admin. Writes docs/security/scan.md (and wapiti's reports beside it)
// and exits non-zero when anything is found. About 20 minutes on the 2-core test machine.
//
//   npm run scan                       the whole scan; its result goes to docs/security/
//   npm run scan -- --match cart,sign  only the targets whose name contains "cart" or "sign", no wapiti;
//                                      the result goes to .cache/scan/ (handy after a change)
//   npm run scan -- --only wapiti      wapiti only (also to .cache/scan/)
//   --level N --risk N --parallel N    sqlmap's level and risk (default 1 and 1), processes (2)
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CANARY_TARGET, startCanary } from './scan/canary'
import { type ProbeResults, runProbes } from './scan/probes'
import { stopScanners } from './scan/processes'
import { findingsOf, renderReport, type ScanSummary } from './scan/report'
import { fill, prepareShop } from './scan/setup'
import { runSqlmap, SQLMAP, type SqlmapResult, sqlmapVersion } from './scan/sqlmap'
import { buildIfStale, type RunningStack, serverErrors, startStack } from './scan/stack'
import { type Role, TARGETS } from './scan/targets'
import { runWapiti, WAPITI, WAPITI_MODULES, type WapitiResult, wapitiVersion } from './scan/wapiti'

const { values: args } = parseArgs({
  options: {
    match: { type: 'string' },
    only: { type: 'string' },
    level: { type: 'string', default: '1' },
    risk: { type: 'string', default: '1' },
    parallel: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
})
const runSqlmapPart = args.only !== 'wapiti'
const runWapitiPart = args.only !== 'sqlmap' && !args.match
const full = runSqlmapPart && runWapitiPart
const sqlmapOptions = {
  level: Number(args.level),
  risk: Number(args.risk),
  parallel: Number(args.parallel),
}
const wapitiBudget = { crawlSeconds: 120, attackSeconds: 45 }

/** Extra pages for wapiti to start from, besides the GET targets of each role. */
const START_PAGES: Record<Role, string[]> = {
  guest: ['/', '/about', '/grass-fed-beef', '/contact', '/cart', '/sitemap.xml', '/robots.txt'],
  customer: ['/', '/account/profile', '/account/orders', '/account/waiting-list', '/checkout'],
  admin: [
    '/admin',
    '/admin/content',
    '/admin/content/gallery',
    '/admin/settings',
    '/admin/products/new',
    '/admin/promo-codes/new',
  ],
}

const terms = args.match?.toLowerCase().split(',') ?? []
const targets = terms.length
  ? TARGETS.filter((target) => terms.some((term) => target.name.toLowerCase().includes(term)))
  : TARGETS
if (targets.length === 0) throw new Error(`no target name contains "${args.match}"`)

const missing = [
  ...(runSqlmapPart && !existsSync(SQLMAP) ? ['sqlmap'] : []),
  ...(runWapitiPart && !existsSync(WAPITI) ? ['wapiti'] : []),
]
if (missing.length) {
  console.error(`Not installed: ${missing.join(', ')}. Install Debian's packages first:`)
  console.error(`  apt-get update && apt-get install -y ${missing.join(' ')}`)
  process.exit(2)
}

const seconds = (since: number) => (performance.now() - since) / 1000
const began = performance.now()
const date = new Date()

if (buildIfStale()) console.log('Built the shop (the sources had changed).')
const workDir = mkdtempSync(path.join(tmpdir(), 'farm-scan-'))
console.log(`Working in ${workDir}`)

const stacks: RunningStack[] = []
const problems: string[] = []
let sqlmapResults: SqlmapResult[] = []
let canaryFound: boolean | null = null
const wapitiResults: WapitiResult[] = []
let probes: ProbeResults = {
  origin: { checked: 0, failures: [] },
  methods: { checked: 0, failures: [] },
}
const timing = { setup: 0, sqlmap: 0, wapiti: 0 }

// Interrupted (Ctrl-C, or a CI job's timeout): stop the scanners and the shops, then leave.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the scanners and the shops.`)
    stopScanners()
    void Promise.all(stacks.map((stack) => stack.stop())).finally(() => process.exit(1))
  })
}

try {
  const setupStarted = performance.now()
  const started = async (name: string) => {
    const stack = await startStack(path.join(workDir, name))
    stacks.push(stack)
    return stack
  }
  const sqlmapStack = runSqlmapPart ? await started('sqlmap-shop') : null
  const wapitiStack = runWapitiPart ? await started('wapiti-shop') : null
  const [sqlmapContext, wapitiContext] = await Promise.all([
    sqlmapStack ? prepareShop(sqlmapStack) : null,
    wapitiStack ? prepareShop(wapitiStack) : null,
  ])
  timing.setup = seconds(setupStarted)
  console.log(`Shops ready in ${timing.setup.toFixed(1)} s.`)

  if (sqlmapStack && sqlmapContext) {
    probes = await runProbes(targets, sqlmapContext, sqlmapStack)
    console.log(
      `Other origins: ${probes.origin.checked} posts, ${probes.origin.failures.length} not refused. Other methods: ${probes.methods.checked} requests, ${probes.methods.failures.length} not refused.`,
    )
  }

  const sqlmapPart = async () => {
    if (!sqlmapStack || !sqlmapContext) return
    const started = performance.now()
    const canary = await startCanary()
    try {
      const [check] = await runSqlmap(
        [CANARY_TARGET],
        { ids: {}, cookies: { guest: '', customer: '', admin: '' } },
        canary.url,
        { ...sqlmapOptions, parallel: 1, workDir: path.join(workDir, 'canary') },
        () => {},
      )
      canaryFound = Boolean(check?.findings.length)
      console.log(`Canary: sqlmap ${canaryFound ? 'found' : 'did NOT find'} the planted injection.`)
      if (!canaryFound)
        problems.push(
          'sqlmap did not find the injection planted in the canary page with these options, so its results on the shop prove nothing',
        )
    } finally {
      await canary.close()
    }
    sqlmapResults = await runSqlmap(
      targets,
      sqlmapContext,
      sqlmapStack.publicUrl,
      { ...sqlmapOptions, workDir: path.join(workDir, 'sqlmap') },
      (result, done, total) => {
        const verdict = result.findings.length
          ? `FOUND ${result.findings.map((finding) => finding.what).join('; ')}`
          : result.problems.length
            ? `problem: ${result.problems.join('; ')}`
            : 'nothing found'
        console.log(
          `sqlmap ${done}/${total} ${result.label} (${result.tested.length} parameters, ${Math.round(result.seconds)} s): ${verdict}`,
        )
      },
    )
    timing.sqlmap = seconds(started)
  }

  const wapitiPart = async () => {
    if (!wapitiStack || !wapitiContext) return
    const started = performance.now()
    for (const role of ['guest', 'customer', 'admin'] as const) {
      const fromTargets = TARGETS.filter(
        (target) => target.role === role && target.method === 'GET',
      ).map((target) => {
        const query = new URLSearchParams(
          Object.entries(target.fields ?? {}).map(([name, value]) => [
            name,
            fill(value, wapitiContext.ids),
          ]),
        ).toString()
        return fill(target.path, wapitiContext.ids).replace('*', '') + (query ? `?${query}` : '')
      })
      const result = await runWapiti(
        role,
        wapitiStack.publicUrl,
        wapitiContext.cookies[role],
        [...new Set([...START_PAGES[role], ...fromTargets])],
        { workDir: path.join(workDir, 'wapiti'), ...wapitiBudget },
      )
      wapitiResults.push(result)
      console.log(
        `wapiti ${role}: ${result.urls} URLs and forms, ${Math.round(result.seconds)} s, ${result.issues.length} issue(s) reported${result.problems.length ? `; ${result.problems.join('; ')}` : ''}`,
      )
    }
    timing.wapiti = seconds(started)
  }

  await Promise.all([sqlmapPart(), wapitiPart()])
} catch (error) {
  problems.push(`the scan stopped early: ${error instanceof Error ? error.message : String(error)}`)
  console.error(error)
} finally {
  for (const stack of stacks) {
    if (stack.server.child.exitCode !== null)
      problems.push(`a shop stopped during the scan (exit code ${stack.server.child.exitCode})`)
  }
  await Promise.all(stacks.map((stack) => stack.stop()))
}

const summary: ScanSummary = {
  date,
  commit: (() => {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'app', 'server.ts'], {
      encoding: 'utf8',
    }).trim()
    return dirty ? `${head} with uncommitted changes in app/` : head
  })(),
  versions: {
    sqlmap: `sqlmap ${await sqlmapVersion()}`,
    wapiti: await wapitiVersion(),
    node: process.versions.node,
  },
  sqlmapOptions,
  wapitiModules: WAPITI_MODULES,
  wapitiBudget,
  targets,
  sqlmap: sqlmapResults,
  wapiti: wapitiResults,
  probes,
  canaryFound,
  serverErrors: stacks.flatMap((stack) => serverErrors(stack.server)),
  requests: stacks.reduce(
    (sum, stack) =>
      sum + stack.server.lines().filter((line) => line.includes('"msg":"request"')).length,
    0,
  ),
  problems,
  seconds: { total: seconds(began), ...timing },
}

const outDir = full ? 'docs/security' : '.cache/scan'
mkdirSync(outDir, { recursive: true })
writeFileSync(path.join(outDir, 'scan.md'), renderReport(summary))
for (const run of wapitiResults) {
  writeFileSync(
    path.join(outDir, `wapiti-${run.role}.json`),
    `${JSON.stringify(run.report, null, 2)}\n`,
  )
}
if (!args.keep) rmSync(workDir, { recursive: true, force: true })

const findings = findingsOf(summary)
const unclean =
  problems.length +
  sqlmapResults.reduce((sum, run) => sum + run.problems.length, 0) +
  wapitiResults.reduce((sum, run) => sum + run.problems.length, 0)
console.log(
  `\n${findings.length} finding(s), ${unclean} problem(s) in ${(summary.seconds.total / 60).toFixed(1)} min; see ${outDir}/scan.md${args.keep ? ` (tool logs in ${workDir})` : ''}`,
)
for (const finding of findings)
  console.log(`  ${finding.source}: ${finding.where}: ${finding.what}`)
process.exit(findings.length || unclean ? 1 : 0)
