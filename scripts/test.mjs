// `npm test`: lint, typecheck, unit + integration tests on SQLite and on PostgreSQL, the
// production build, end-to-end tests in Debian's Chromium, then the unit and database suites and
// the server's lifecycle tests again on Node 24 LTS. Ends with one line,
// "tests: N passed, N failed", adding up every runner (lint and typecheck count as one each).
import { spawnSync } from 'node:child_process'
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import {
  NODE24_VERSION,
  pathWithNode24,
  prepareNode24,
  withNode24Binding,
} from './support/node24.mjs'

const CI = process.env.CI === 'true' || process.env.CI === '1'
const CHROMIUM = '/usr/bin/chromium'
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test'
const totals = { passed: 0, failed: 0, skipped: 0 }
const summary = []
const cleanups = []

mkdirSync('.cache', { recursive: true })

function run(command, args, options = {}) {
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }
}

function step(name, command, args, options) {
  console.log(`\n=== ${name} ===`)
  const { ok, seconds } = run(command, args, options)
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`)
  if (ok) totals.passed += 1
  else totals.failed += 1
  return ok
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** One Vitest run on `node` (this process's Node unless told), added to the totals. */
function vitest(name, projects, env = {}, node = process.execPath) {
  const output = `.cache/vitest-${name.replaceAll(/\W+/g, '-')}.json`
  rmSync(output, { force: true })
  console.log(`\n=== vitest: ${name} ===`)
  const { ok, seconds } = run(
    node,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${output}`,
    ],
    { env: { ...process.env, ...env } },
  )
  const report = readJson(output)
  const passed = report?.numPassedTests ?? 0
  // A runner that died before reporting counts as one failure, never as nothing.
  const failed = report ? report.numFailedTests + (ok ? 0 : report.numFailedTests ? 0 : 1) : 1
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0)
  totals.passed += passed
  totals.failed += failed
  totals.skipped += skipped
  summary.push(
    `${ok ? 'ok  ' : 'FAIL'} vitest ${name}: ${passed} passed, ${failed} failed (${seconds} s)`,
  )
  return ok
}

/** One Playwright run on `node`, added to the totals; its reporter writes .cache/playwright.json. */
function playwright(name, args, env, node = process.execPath) {
  const output = '.cache/playwright.json'
  rmSync(output, { force: true })
  console.log(`\n=== playwright: ${name} ===`)
  const { ok, seconds } = run(node, ['node_modules/@playwright/test/cli.js', 'test', ...args], {
    env: { ...process.env, ...env },
  })
  const stats = readJson(output)?.stats
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0)
  const failed = stats ? stats.unexpected + (ok || stats.unexpected ? 0 : 1) : 1
  totals.passed += passed
  totals.failed += failed
  totals.skipped += stats?.skipped ?? 0
  const flaky = stats?.flaky ? `, ${stats.flaky} flaky` : ''
  summary.push(
    `${ok ? 'ok  ' : 'FAIL'} playwright ${name}: ${passed} passed, ${failed} failed${flaky} (${seconds} s)`,
  )
  return ok
}

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

function findPostgresBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = path.join(root, version, 'bin')
    if (existsSync(path.join(bin, 'initdb'))) return bin
  }
  return undefined
}

/** A throwaway PostgreSQL cluster in a temporary folder, run as a non-root user. */
async function startThrowawayPostgres() {
  const bin = findPostgresBin()
  if (!bin) return undefined
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-pg-'))
  const port = await freePort()
  const isRoot = process.getuid?.() === 0
  const asUser = (args) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]
  if (isRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim())
    const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim())
    if (!Number.isInteger(uid)) return undefined
    chownSync(dir, uid, gid)
  }
  const data = path.join(dir, 'data')
  const [initCmd, initArgs] = asUser([
    path.join(bin, 'initdb'),
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
  ])
  if (spawnSync(initCmd, initArgs, { stdio: 'ignore' }).status !== 0) return undefined
  const [startCmd, startArgs] = asUser([
    path.join(bin, 'pg_ctl'),
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-w',
    'start',
  ])
  if (spawnSync(startCmd, startArgs, { stdio: 'ignore' }).status !== 0) return undefined
  cleanups.push(() => {
    const [stopCmd, stopArgs] = asUser([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop'])
    spawnSync(stopCmd, stopArgs, { stdio: 'ignore' })
    rmSync(dir, { recursive: true, force: true })
  })
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return (await postgresAnswers(url)) ? url : undefined
}

async function resolvePostgres() {
  const configured = process.env.TEST_DATABASE_URL || DEFAULT_PG
  if (await postgresAnswers(configured)) return { url: configured, how: 'configured server' }
  const throwaway = await startThrowawayPostgres()
  if (throwaway) return { url: throwaway, how: 'throwaway cluster' }
  return { url: undefined, tried: configured }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('which', ['apt-get']).status === 0
  if (isRoot && hasApt) {
    console.log("Chromium is missing; installing Debian's chromium package...")
    run('apt-get', ['update', '-qq'])
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })
    return existsSync(CHROMIUM)
  }
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
  )
  return false
}

async function main() {
  const started = Date.now()
  const node24Ready = prepareNode24()
  step('lint (biome)', 'npx', ['biome', 'check', '.'])
  step('typecheck (tsc)', 'sh', ['-c', 'npx react-router typegen && npx tsc'])

  vitest('unit + sqlite', ['unit', 'sqlite'])

  const postgres = await resolvePostgres()
  if (postgres.url) {
    console.log(`\nPostgreSQL for tests: ${postgres.url} (${postgres.how})`)
    vitest('postgres', ['postgres'], { TEST_DATABASE_URL: postgres.url })
  } else if (CI) {
    console.error(`\nPostgreSQL did not answer at ${postgres.tried}; under CI that is a failure.`)
    summary.push(`FAIL postgres: unreachable at ${postgres.tried}`)
    totals.failed += 1
  } else {
    console.warn(
      `\nSKIPPED the PostgreSQL suite: nothing answered at ${postgres.tried} and no PostgreSQL binaries to start one.`,
    )
    summary.push(`skip postgres: unreachable at ${postgres.tried}`)
  }

  const pgEnv = postgres.url ? { TEST_DATABASE_URL: postgres.url } : {}
  const built = ensureChromium() && step('build', 'npm', ['run', '--silent', 'build'])
  if (built) {
    playwright('chromium', [], pgEnv)
  } else {
    summary.push('FAIL end-to-end: no Chromium or no build')
    totals.failed += 1
  }

  // The same unit and database suites again on Node 24 LTS, and the production server's
  // start, graceful stop and database-away recovery on it (the whole browser suite twice
  // would not fit CI's 20 minutes).
  console.log(`\n=== Node ${NODE24_VERSION} ===`)
  const node24 = await node24Ready
  if (node24) {
    await withNode24Binding(node24.binding, () => {
      const env = { ...pgEnv, PATH: pathWithNode24(node24.node) }
      vitest('node 24: unit + sqlite', ['unit', 'sqlite'], env, node24.node)
      if (postgres.url) vitest('node 24: postgres', ['postgres'], env, node24.node)
      if (built)
        playwright('node 24: server lifecycle', ['tests/e2e/lifecycle.spec.ts'], env, node24.node)
    })
  } else {
    summary.push(`FAIL node ${NODE24_VERSION}: could not install it or build better-sqlite3 for it`)
    totals.failed += 1
  }

  console.log('\n=== summary ===')
  for (const line of summary) console.log(line)
  console.log(`databases: sqlite${postgres.url ? `, postgres (${postgres.how})` : ' only'}`)
  console.log(`time: ${Math.round((Date.now() - started) / 1000)} s`)
  console.log(
    `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  )
  return totals.failed === 0 ? 0 : 1
}

let code = 1
try {
  code = await main()
} finally {
  for (const cleanup of cleanups) cleanup()
}
process.exit(code)
