import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { DEMO_IMAGE_DIR } from './demo-images.server'
import { prewarmDemoImages, prewarmImages } from './prewarm.server'

// Prewarming on both databases, over a small copy of the demo illustrations.

let t: TestDatabase
let demoDir: string
beforeAll(async () => {
  t = await createTestDatabase()
  demoDir = mkdtempSync(path.join(tmpdir(), 'farm-demo-'))
  for (const name of ['duck-eggs', 'logo'])
    copyFileSync(path.join(DEMO_IMAGE_DIR, `${name}.svg`), path.join(demoDir, `${name}.svg`))
})
afterAll(async () => {
  rmSync(demoDir, { recursive: true, force: true })
  await t?.cleanup()
})

test('renders what is missing once; a second run finds it all stored', async () => {
  const first = prewarmDemoImages(t.db, { demoDir, widths: [320] })
  expect(await first.done).toMatchObject({ rendered: 4, alreadyStored: 0, failed: 0 })
  const second = prewarmDemoImages(t.db, { demoDir, widths: [320] })
  expect(await second.done).toMatchObject({ rendered: 0, alreadyStored: 4, failed: 0 })
  const rows = await t.db.selectFrom('image_variants').select('width').execute()
  expect(rows).toHaveLength(4)
})

test('stops when asked; URLs that are not ours and a missing folder are skipped', async () => {
  const job = prewarmDemoImages(t.db, { demoDir, widths: [640, 960] })
  const stopped = await job.stop()
  expect(stopped.rendered).toBeLessThan(8)
  const others = prewarmImages(t.db, ['https://cdn.example/x.jpg', '/images/placeholder.svg'])
  expect(await others.done).toMatchObject({ rendered: 0, alreadyStored: 0, failed: 0 })
  const missing = prewarmDemoImages(t.db, { demoDir: path.join(demoDir, 'nothing-here') })
  expect(await missing.done).toMatchObject({ rendered: 0, failed: 0 })
})
