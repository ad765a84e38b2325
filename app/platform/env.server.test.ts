import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { EnvError, loadEnv } from './env.server'

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source)
  } catch (error) {
    if (error instanceof EnvError) return error.problems
    throw error
  }
  return []
}

const scratch = () => path.join(mkdtempSync(path.join(tmpdir(), 'farm-env-')), 'shop.db')

describe('configuration', () => {
  test('nothing set: port 3000, SQLite at data/shop.db, localhost origin, demo data on', () => {
    const env = loadEnv({ DATABASE_URL: `file:${scratch()}` })
    expect(env.port).toBe(3000)
    expect(env.baseUrl).toBe('http://localhost:3000')
    expect(env.baseUrlExplicit).toBe(false)
    expect(env.seedDemo).toBe(true)
    expect(env.logLevel).toBe('info')
    expect(env.stripe).toBeUndefined()
    expect(env.webConcurrency).toBe(1)
    expect(env.requestConcurrency).toBe(8)
  })

  test('REQUEST_CONCURRENCY and DATABASE_POOL_SIZE are whole numbers in their ranges', () => {
    const file = `file:${scratch()}`
    const postgres = 'postgres://shop@db.internal:5432/shop'
    const secret = 'x'.repeat(32)
    expect(loadEnv({ DATABASE_URL: file, REQUEST_CONCURRENCY: '20' }).requestConcurrency).toBe(20)
    expect(loadEnv({ DATABASE_URL: postgres, AUTH_SECRET: secret }).database).toEqual({
      kind: 'postgres',
      url: postgres,
    })
    expect(
      loadEnv({ DATABASE_URL: postgres, AUTH_SECRET: secret, DATABASE_POOL_SIZE: '12' }).database,
    ).toEqual({ kind: 'postgres', url: postgres, poolSize: 12 })
    for (const value of ['0', '2.5', 'many', '1001']) {
      expect(problemsOf({ DATABASE_URL: file, REQUEST_CONCURRENCY: value })).toEqual([
        'REQUEST_CONCURRENCY: must be a whole number from 1 to 1000',
      ])
    }
    expect(problemsOf({ DATABASE_URL: file, DATABASE_POOL_SIZE: '101' })).toEqual([
      'DATABASE_POOL_SIZE: must be a whole number from 1 to 100',
    ])
  })

  test('WEB_CONCURRENCY is a number of workers, or auto for one per core', () => {
    const file = `file:${scratch()}`
    expect(loadEnv({ DATABASE_URL: file, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3)
    expect(loadEnv({ DATABASE_URL: file, WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(
      availableParallelism(),
    )
    for (const value of ['0', '-1', '2.5', 'many', '100']) {
      expect(problemsOf({ DATABASE_URL: file, WEB_CONCURRENCY: value })).toEqual([
        'WEB_CONCURRENCY: must be auto (one per CPU core) or a number from 1 to 99',
      ])
    }
  })

  test('without DATABASE_URL the database is data/shop.db', () => {
    const env = loadEnv({ AUTH_SECRET: 'x'.repeat(32) })
    expect(env.database).toEqual({ kind: 'sqlite', path: path.resolve('data/shop.db') })
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'PORT: must be a whole number between 1 and 65535',
    ])
  })

  test('BASE_URL defaults to localhost on the chosen port, and keeps only the origin', () => {
    expect(loadEnv({ PORT: '8080', DATABASE_URL: `file:${scratch()}` }).baseUrl).toBe(
      'http://localhost:8080',
    )
    const env = loadEnv({ BASE_URL: 'https://shop.example/', DATABASE_URL: `file:${scratch()}` })
    expect(env.baseUrl).toBe('https://shop.example')
    expect(env.baseUrlExplicit).toBe(true)
  })

  test('DATABASE_URL picks the database', () => {
    const file = scratch()
    expect(loadEnv({ DATABASE_URL: `file:${file}` }).database).toEqual({
      kind: 'sqlite',
      path: file,
    })
    expect(
      loadEnv({ DATABASE_URL: 'postgres://u:p@db.example:5432/shop', AUTH_SECRET: 'x'.repeat(32) })
        .database,
    ).toEqual({ kind: 'postgres', url: 'postgres://u:p@db.example:5432/shop' })
  })

  test('bad values stop with one line per problem', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://nope',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      BASE_URL: 'ftp://x',
    })
    expect(problems).toHaveLength(5)
    expect(problems).toContain('PORT: must be a whole number between 1 and 65535')
    expect(problems.find((p) => p.startsWith('LOG_LEVEL'))).toMatch(/one of fatal, error/)
    expect(problems.find((p) => p.startsWith('SEED_DEMO'))).toBe('SEED_DEMO: must be true or false')
    expect(problems.find((p) => p.startsWith('BASE_URL'))).toMatch(/http\(s\) origin/)
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toMatch(/file:PATH .* postgres/)
  })

  test('DATABASE_URL problems are still reported when the rest is fine', () => {
    expect(problemsOf({ DATABASE_URL: 'shop.db' })).toEqual([
      'DATABASE_URL: must be file:PATH for SQLite or postgres://... for PostgreSQL',
    ])
    expect(problemsOf({ DATABASE_URL: 'file:' })).toHaveLength(1)
  })

  test('PostgreSQL in production needs AUTH_SECRET; half a provider is refused', () => {
    expect(
      problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/shop' }),
    ).toEqual([
      'AUTH_SECRET: required with PostgreSQL in production (every instance must share it)',
    ])
    expect(
      problemsOf({ DATABASE_URL: `file:${scratch()}`, STRIPE_SECRET_KEY: 'sk_test_1' }),
    ).toEqual(['Stripe: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither'])
  })

  test('on SQLite without AUTH_SECRET one is generated once and kept beside the database, mode 0600', () => {
    const file = scratch()
    const first = loadEnv({ DATABASE_URL: `file:${file}` }).authSecret
    const second = loadEnv({ DATABASE_URL: `file:${file}` }).authSecret
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(second).toBe(first)
    const secretFile = path.join(path.dirname(file), 'auth-secret')
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(first)
    expect(statSync(secretFile).mode & 0o777).toBe(0o600)
  })

  test('a short AUTH_SECRET is refused', () => {
    expect(problemsOf({ DATABASE_URL: `file:${scratch()}`, AUTH_SECRET: 'short' })).toEqual([
      'AUTH_SECRET: must be at least 32 characters (openssl rand -hex 32)',
    ])
  })
})
