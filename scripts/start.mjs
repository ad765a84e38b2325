// `npm start`: builds when the build is missing or older than the sources, then runs the
// production server. Farms run exactly `npm start`, so it must work with nothing else done.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const STAMP = 'build/host/built-at'
const SOURCES = [
  'app',
  'public',
  'server',
  'server.ts',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
]

function newestChange(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  )
}

const stale = !existsSync(STAMP) || Math.max(...SOURCES.map(newestChange)) > statSync(STAMP).mtimeMs
if (stale) {
  console.log('Building the shop (first start or changed sources)...')
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
}

// React and the router pick their production code from NODE_ENV; a plain `npm start` is
// production unless the caller says otherwise.
process.env.NODE_ENV ??= 'production'
await import(path.resolve('build/host/server.js'))
