// `npm run fuzz`: the property-based tests of tests/e2e/fuzz-*.spec.ts with many more probes per
// form and role than `npm test` runs (FUZZ_RUNS, 500 unless set), on a fresh production build.
// Arguments go on to Playwright (`npm run fuzz -- -g admins`); FUZZ_SEED repeats a run and
// FUZZ_ONLY=cart:customer fuzzes one target. Plain Node, so it runs the same on every system.
import { spawnSync } from 'node:child_process'

const shell = process.platform === 'win32'
const run = (command, args, env = process.env) =>
  spawnSync(command, args, { stdio: 'inherit', shell, env }).status ?? 1

if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1)
process.exit(
  run('npx', ['playwright', 'test', 'tests/e2e/fuzz-', ...process.argv.slice(2)], {
    ...process.env,
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '500',
  }),
)
