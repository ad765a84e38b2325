import { afterEach, expect, test, vi } from 'vitest'

const global = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } }

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
  delete global.__zod_globalConfig?.jitless
})

test('in the browser, zod builds and parses object schemas without trying new Function', async () => {
  vi.stubGlobal('document', {})
  await import('./zod-config')
  const { z } = await import('zod')
  const evaluate = vi.spyOn(globalThis, 'Function')
  const Schema = z.object({ name: z.string(), email: z.email() })
  expect(Schema.parse({ name: 'Ada', email: 'ada@example.com' })).toEqual({
    name: 'Ada',
    email: 'ada@example.com',
  })
  expect(evaluate).not.toHaveBeenCalled()
  expect(z.config().jitless).toBe(true)
})

test('on the server zod keeps its compiled parsers', async () => {
  await import('./zod-config')
  const { z } = await import('zod')
  expect(z.config().jitless).toBeUndefined()
})
