import { afterAll, beforeAll, expect, test } from 'vitest'
import { createDeliveryZone, createPickupPlace, createWindow } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { listWeeklySchedule } from './weekly-schedule.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

test('active places and zones with their weekly windows, Monday first; the rest left out', async () => {
  const market = await createPickupPlace(t.db, { name: 'Market', display_order: 2 })
  const farm = await createPickupPlace(t.db, { name: 'Farm', display_order: 1 })
  const closed = await createPickupPlace(t.db, { name: 'Old Stand', is_active: false })
  await createPickupPlace(t.db, { name: 'No Windows Yet' })
  const zone = await createDeliveryZone(t.db, { name: 'Boise', zip_codes: '83702-83706' })
  const quietZone = await createDeliveryZone(t.db, { name: 'Quiet Zone' })

  await createWindow(t.db, { place_id: farm.id }, { weekday: 6, start_time: '09:00' })
  await createWindow(t.db, { place_id: farm.id }, { weekday: 4, start_time: '15:00' })
  await createWindow(t.db, { place_id: farm.id }, { weekday: 0, start_time: '10:00' })
  await createWindow(t.db, { place_id: farm.id }, { weekday: 2, is_active: false })
  await createWindow(t.db, { place_id: farm.id }, { on_date: '2026-12-24' })
  await createWindow(t.db, { place_id: market.id }, { weekday: 6, start_time: '08:00' })
  await createWindow(t.db, { place_id: closed.id }, { weekday: 1 })
  await createWindow(t.db, { zone_id: zone.id }, { weekday: 3, start_time: '16:00' })
  await createWindow(t.db, { zone_id: quietZone.id }, { weekday: 5, is_active: false })

  const schedule = await listWeeklySchedule(t.db)
  expect(schedule.places.map((place) => place.name)).toEqual(['Farm', 'Market'])
  expect(schedule.places[0]).toMatchObject({ id: farm.id, address: farm.address })
  expect(schedule.places[0]?.windows.map((w) => `${w.weekday} ${w.startTime}`)).toEqual([
    '4 15:00',
    '6 09:00',
    '0 10:00',
  ])
  expect(schedule.zones).toEqual([
    {
      id: zone.id,
      name: 'Boise',
      zipCodes: '83702-83706',
      windows: [{ weekday: 3, startTime: '16:00', endTime: '18:00' }],
    },
  ])
})
