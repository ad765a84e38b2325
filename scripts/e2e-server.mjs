// Starts the built server for Playwright on a fresh database (deleted first, then migrated
// and seeded with the demo data by the server itself).
import { rmSync } from 'node:fs'
import path from 'node:path'

rmSync('.cache/e2e', { recursive: true, force: true })
await import(path.resolve('build/host/server.js'))
