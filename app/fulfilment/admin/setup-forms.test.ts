import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import {
  ClosedDateSchema,
  END_BEFORE_START,
  NEW_WINDOW,
  PlaceSchema,
  WindowFormSchema,
  WindowSchema,
  ZoneSchema,
} from './setup-forms'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

describe('the set-up forms', () => {
  test('each page schema gives Conform its constraints', () => {
    expect(getZodConstraint(PlaceSchema)).toMatchObject({ name: { required: true } })
    expect(getZodConstraint(ZoneSchema)).toMatchObject({ zip_codes: { required: true } })
    expect(getZodConstraint(WindowFormSchema)).toMatchObject({ start_time: { required: true } })
    expect(getZodConstraint(ClosedDateSchema)).toMatchObject({ on_date: { required: true } })
  })

  test('the window form as it starts is a weekly window; an end before the start is refused', () => {
    const fresh = parseSubmission(form({ intent: 'add-window', ...NEW_WINDOW }), WindowSchema)
    expect(fresh.status).toBe('success')
    expect(fresh.status === 'success' && fresh.value).toMatchObject({
      weekday: 4,
      start_time: '15:00',
      end_time: '18:00',
      cutoff_hours: 24,
    })
    const backwards = parseSubmission(
      form({ intent: 'add-window', ...NEW_WINDOW, end_time: '14:00' }),
      WindowSchema,
    )
    expect(backwards.reply().error).toEqual({ end_time: [END_BEFORE_START] })
  })
})
