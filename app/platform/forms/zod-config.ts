import type { $ZodConfig } from 'zod/v4/core'

// zod 4 compiles a faster parser for each object schema with `new Function`, and probes whether
// it may when the first object schema is built. The page's CSP has no 'unsafe-eval': the probe
// fails quietly, but the browser still logs the violation (Lighthouse best practices 96 on
// /contact). Jitless skips the probe and the compiled parsers.
//
// It has to be set before any schema module runs, which rules out entry.client (React Router's
// page script imports the route modules first, the entry last) and `z.config` in the root (the
// root would import zod's core, a chunk of its own on every page). zod reads its settings from
// `globalThis.__zod_globalConfig`, which it documents may be filled in before it loads; the root
// route imports this module, and the page script imports the root before any other route.
// The server has no CSP and keeps the compiled parsers.
type WithZodConfig = typeof globalThis & { __zod_globalConfig?: $ZodConfig }

if (typeof document !== 'undefined') {
  // The same object zod keeps once loaded, so this also holds if zod came first.
  const global = globalThis as WithZodConfig
  global.__zod_globalConfig ??= {}
  global.__zod_globalConfig.jitless = true
}
