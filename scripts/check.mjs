// `npm run check`: the inner loop, meant to take under two minutes. Lint, types, the unit
// tests and the database tests on SQLite. PostgreSQL, the build, the browser and Node 24 are
// left to `npm test` (and CI), which runs everything.
//
// Lint and types run beside the tests: the type check is one long single-threaded process and
// Vitest leaves a core free (its workers are one fewer than the cores), so on two cores they
// overlap instead of adding up. Their output is held and printed after the tests', so the log
// reads in order. The type check is incremental (its state in .cache/), which is what makes a
// second run quick. Every step runs even when another fails, so one run shows all there is
// to fix. Arguments go to Vitest: `npm run check -- app/cart` tests only that folder.
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'

mkdirSync('.cache', { recursive: true })

/** Runs a command; `quiet` holds its output for later instead of printing it as it comes. */
function run(name, command, args, { quiet = false } = {}) {
  const started = Date.now()
  const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      resolve({ name, ok: code === 0, seconds, output })
    })
  })
}

const started = Date.now()
const lint = run('lint (biome)', 'npx', ['biome', 'check', '.'], { quiet: true })
const types = run(
  'types (tsc)',
  'sh',
  [
    '-c',
    'npx react-router typegen && npx tsc --incremental --tsBuildInfoFile .cache/tsc.tsbuildinfo',
  ],
  { quiet: true },
)
console.log('=== vitest: unit + sqlite (lint and types run beside it) ===')
const tests = await run('vitest: unit + sqlite', process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--project',
  'unit',
  '--project',
  'sqlite',
  ...process.argv.slice(2),
])
const results = [await lint, await types, tests]

for (const { name, ok, output } of results.slice(0, 2)) {
  console.log(`\n=== ${name} ===`)
  process.stdout.write(output || (ok ? 'ok\n' : ''))
}
console.log('\n=== check ===')
for (const { name, ok, seconds } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`)
}
console.log(`time: ${Math.round((Date.now() - started) / 1000)} s`)
process.exit(results.every((result) => result.ok) ? 0 : 1)
