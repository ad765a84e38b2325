import { describe, expect, test } from 'vitest'
import { refuseBadListFields } from './list-fields.server'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

function status(entries: Record<string, string>): number {
  try {
    refuseBadListFields(form(entries))
    return 200
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? 500
  }
}

describe('list fields posted by hand', () => {
  test('ordinary rows and list buttons pass', () => {
    expect(status({ 'hours.Mo[0].opens': '09:00', 'hours.Mo[3].closes': '17:00' })).toBe(200)
    const insert = { type: 'insert', payload: { name: 'hours.Sa', index: 2 } }
    expect(status({ __intent__: JSON.stringify(insert) })).toBe(200)
  })

  test('a huge row number, or an intent that is not Conform JSON, is a 400', () => {
    expect(status({ 'hours.Mo[99999999].opens': '09:00' })).toBe(400)
    expect(status({ __intent__: 'x' })).toBe(400)
    expect(status({ __intent__: 'null' })).toBe(400)
    const far = { type: 'remove', payload: { name: 'hours.Mo', index: 1e9 } }
    expect(status({ __intent__: JSON.stringify(far) })).toBe(400)
    const update = { type: 'update', payload: { name: 'hours.Mo[5000000]', value: {} } }
    expect(status({ __intent__: JSON.stringify(update) })).toBe(400)
  })
})
