import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

// Fewer, larger scripts for the browser. Left to itself the bundler gives every module that two
// routes share a chunk of its own: the product page loaded 19 files, 13 of them under 1 KB
// compressed, each a request with its headers and, on a phone's connection, a round trip
// (`npm run lighthouse`, docs/benchmarks/lighthouse.md). Our own shared modules go instead into
// two chunks:
//   - shell: what the root layout shares with routes (toasts, nonce, opening hours, policies),
//     plus react-dom's small public module (preload) that the root's pictures and React's
//     client both import; every page loads the root, so none of it is extra;
//   - storefront: what two or more shop pages (app/routes/shop) share: product cards, pictures,
//     prices, fields, page heroes. A shop page loads a little it does not use (at most a few
//     KB) in exchange for one file instead of up to ten.
// A module that reaches outside our code and React (zod, for one) stays where the bundler puts
// it, so no page loads a library it does not use; so does everything shared only by admin or
// account pages.
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

const APP = path.resolve('app') + path.sep
const ROOT = `${APP}root.tsx`
const ROUTES = `${APP}routes${path.sep}`
const SHOP_ROUTES = `${ROUTES}shop${path.sep}`
// Loaded on every page already (React's client and React Router's own chunks).
const RUNTIME = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/
const REACT_DOM_PUBLIC =
  /[\\/]node_modules[\\/]react-dom[\\/](index|cjs[\\/]react-dom\.production)\.js$/

function sharedChunks() {
  let routes: string[] = []
  let plan: Map<string, string> | undefined

  function makePlan(graph: ModuleGraph) {
    const imports = (id: string) => graph.getModuleInfo(id)?.importedIds ?? []
    const ours = new Map<string, boolean>()
    // Our code, importing only our code and React.
    const onlyOurs = (id: string): boolean => {
      if (RUNTIME.test(id)) return true
      if (!id.startsWith(APP) || id.includes('node_modules')) return false
      const known = ours.get(id)
      if (known !== undefined) return known
      ours.set(id, true) // an import cycle settles on the rest of the modules
      const result = imports(id).every(onlyOurs)
      ours.set(id, result)
      return result
    }
    const reachable = (start: string) => {
      const seen = new Set<string>()
      const stack = [start]
      while (stack.length) {
        const id = stack.pop() as string
        if (seen.has(id)) continue
        seen.add(id)
        for (const dep of imports(id)) if (dep.startsWith(APP)) stack.push(dep)
      }
      seen.delete(start)
      return seen
    }
    const users = new Map<string, string[]>()
    for (const route of routes) {
      for (const id of reachable(route)) users.set(id, [...(users.get(id) ?? []), route])
    }
    const chunks = new Map<string, string>()
    for (const [id, by] of users) {
      if (by.length < 2 || id === ROOT || id.startsWith(ROUTES) || !onlyOurs(id)) continue
      if (by.includes(ROOT)) chunks.set(id, 'shell')
      else if (by.filter((route) => route.startsWith(SHOP_ROUTES)).length >= 2)
        chunks.set(id, 'storefront')
    }
    return chunks
  }

  const plugin: Plugin = {
    name: 'farm-shop:shared-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      routes = []
      plan = undefined
    },
    // Only the modules named go into the two chunks, not everything they import (React stays
    // in its own chunks); the bundler requires this setting for that. It lets a route's chunk
    // export more than the route module does, which React Router ignores.
    options(options) {
      return { ...options, preserveEntrySignatures: 'allow-extension' }
    },
    moduleParsed(info) {
      // Route modules as written (their client-side entries carry a query).
      if ((info.id === ROOT || info.id.startsWith(ROUTES)) && !info.id.includes('?'))
        routes.push(info.id)
    },
  }
  /** The chunk a module goes into, or null to leave it to the bundler. */
  function chunkOf(id: string, graph: ModuleGraph): string | null {
    if (REACT_DOM_PUBLIC.test(id)) return 'shell'
    plan ??= makePlan(graph)
    return plan.get(id) ?? null
  }
  return { plugin, chunkOf }
}

const shared = sharedChunks()

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  debugName: 'shared-chunks',
                  name: (id, graph) => shared.chunkOf(id, graph),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  plugins: [tailwindcss(), reactRouter(), shared.plugin],
}))
