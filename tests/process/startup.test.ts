import { spawnSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'

// The server must refuse to start on bad configuration, with one line per problem and a
// non-zero exit, before touching the database or the build.
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  })
  return { status: result.status, stderr: result.stderr }
}

// Spawning a TypeScript process takes a few seconds on a busy machine.
describe('start-up with bad configuration', { timeout: 60_000 }, () => {
  test('a malformed DATABASE_URL stops the server with a clear message', () => {
    const { status, stderr } = start({ DATABASE_URL: 'mysql://localhost/shop' })
    expect(status).toBe(1)
    expect(stderr).toContain('The farm shop cannot start; fix these settings (see .env.example):')
    expect(stderr).toContain(
      'DATABASE_URL: must be file:PATH for SQLite or postgres://... for PostgreSQL',
    )
  })

  test('a malformed PORT stops the server, one line per problem', () => {
    const { status, stderr } = start({ PORT: 'eighty', LOG_LEVEL: 'chatty' })
    expect(status).toBe(1)
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines).toContain('  PORT: must be a whole number between 1 and 65535')
    expect(lines.some((line) => line.startsWith('  LOG_LEVEL: must be one of'))).toBe(true)
  })
})
