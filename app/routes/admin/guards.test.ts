import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// "Every admin loader and action checks requireAdmin itself" (issue 6), checked on the source:
// a new admin route that forgets its guard fails here before any browser test runs.

const dir = join(import.meta.dirname)
// The layout is the one exception, on purpose: it guards nothing and must never redirect
// (see its loader); each page below it guards itself.
const modules = readdirSync(dir).filter(
  (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && file !== 'layout.tsx',
)

function handlers(source: string): { name: string; body: string }[] {
  const pattern = /export (?:async )?function (loader|action)\b/g
  const found: { name: string; body: string }[] = []
  for (const match of source.matchAll(pattern)) {
    const start = match.index ?? 0
    const next = source.indexOf('\nexport ', start + 1)
    found.push({ name: match[1] ?? '', body: source.slice(start, next === -1 ? undefined : next) })
  }
  return found
}

describe('admin route guards', () => {
  it.each(modules)('%s guards each of its loaders and actions with requireAdmin', (file) => {
    const source = readFileSync(join(dir, file), 'utf8')
    expect(source).not.toMatch(/export const (loader|action)\b/)
    for (const handler of handlers(source)) {
      const firstAwait = handler.body.match(/await ([\w.]+)\(/)?.[1]
      expect(firstAwait, `${file} ${handler.name} must await requireAdmin first`).toBe(
        'requireAdmin',
      )
    }
  })

  it('finds the admin modules', () => {
    expect(modules.length).toBeGreaterThanOrEqual(19)
  })
})
