// `npm run load [-- --node 24|current ...]`: scripts/load.ts on Node 24 LTS, the runtime the shop
// runs on in production (the Docker image; Node 20 reached its end of life in April 2026), with
// better-sqlite3's Node 24 build swapped into node_modules for the run and put back after it.
// `--node current` measures on this machine's own Node instead. Other flags go to load.ts.
import { spawn } from 'node:child_process'
import {
  NODE24_VERSION,
  pathWithNode24,
  prepareNode24,
  withNode24Binding,
} from './support/node24.mjs'

const args = process.argv.slice(2)
const at = args.indexOf('--node')
const runtime = at === -1 ? '24' : args.splice(at, 2)[1]
if (runtime !== '24' && runtime !== 'current') {
  console.error('usage: npm run load -- [--node 24|current] [load.ts flags]')
  process.exit(2)
}

/** Runs the load on `node`; Ctrl-C or SIGTERM stop it, and this process waits for it to end. */
function runLoad(node, env = process.env) {
  const child = spawn(node, ['--import', 'tsx', 'scripts/load.ts', ...args], {
    stdio: 'inherit',
    env,
  })
  const stop = (signal) => child.kill(signal)
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)))
}

if (runtime === 'current') process.exit(await runLoad(process.execPath))
const node24 = await prepareNode24()
if (!node24) {
  console.error(`Node ${NODE24_VERSION} or its better-sqlite3 build is not available.`)
  process.exit(1)
}
const code = await withNode24Binding(node24.binding, () =>
  runLoad(node24.node, { ...process.env, PATH: pathWithNode24(node24.node) }),
)
process.exit(code)
