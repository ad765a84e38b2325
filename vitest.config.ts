import { defineConfig } from 'vitest/config'

// Separate from vite.config.ts: the React Router plugin has no place in unit tests.
// Tests that touch a database end in .db.test.ts and run once per database.
const databaseTests = [
  'app/**/*.db.test.ts',
  'server/**/*.db.test.ts',
  'tests/integration/**/*.test.ts',
]

const databaseProject = (name: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: databaseTests,
    env: { TEST_DB: name },
    globalSetup: ['tests/setup/global-database.ts'],
  },
})

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/process/**/*.test.ts'],
          exclude: databaseTests,
        },
      },
      databaseProject('sqlite'),
      databaseProject('postgres'),
    ],
  },
})
