// Production build: the React Router app (client assets + server bundle), then the Express
// host (server.ts) bundled to plain JavaScript so `npm start` needs no TypeScript loader.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { build } from 'esbuild'

execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
await build({
  entryPoints: ['server.ts'],
  outfile: 'build/host/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
writeFileSync('build/host/built-at', new Date().toISOString())
