import { provideDb } from '../../app/platform/db/db.server'
import { createTestDatabase, type TestDatabase } from './database'

// For data-layer tests of code that uses the app's process-wide singletons (configuration,
// database, auth): point them all at a fresh test database.

export const TEST_BASE_URL = 'http://localhost:3000'

const SINGLETONS = ['farm-shop.env', 'farm-shop.db', 'farm-shop.auth', 'farm-shop.log']

export async function createTestApp(): Promise<TestDatabase> {
  const database = await createTestDatabase()
  const store = globalThis as Record<symbol, unknown>
  for (const key of SINGLETONS) delete store[Symbol.for(key)]
  process.env.BASE_URL = TEST_BASE_URL
  process.env.AUTH_SECRET = 'a-test-secret-that-is-long-enough-0123456789'
  process.env.LOG_LEVEL = 'silent'
  process.env.DATABASE_URL =
    database.config.kind === 'sqlite' ? `file:${database.config.path}` : database.config.url
  provideDb(database.db)
  return database
}
