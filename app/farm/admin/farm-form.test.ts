import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import {
  FarmInfoFormSchema,
  formatOpeningRanges,
  GalleryImageSchema,
  openingRangesByDay,
  TeamMemberSchema,
} from './farm-form'

describe('the content forms in the browser', () => {
  test('each page schema gives Conform its constraints', () => {
    expect(getZodConstraint(FarmInfoFormSchema)).toMatchObject({
      name: { required: true },
      'hours.Mo[].opens': { required: false },
    })
    expect(getZodConstraint(TeamMemberSchema)).toMatchObject({ name: { required: true } })
    expect(getZodConstraint(GalleryImageSchema)).toMatchObject({ alt_text: { required: true } })
  })
})

describe('opening hours as rows', () => {
  test('stored hours become each day’s rows, and the rows the same stored hours', () => {
    for (const value of [
      'Mo-Sa 09:00-17:00',
      'Mo-Fr 08:00-12:00, Mo-Fr 13:00-17:00, Sa 10:00-14:00',
      'Tu 09:00-17:00, Th 09:00-17:00',
      '',
    ]) {
      expect(formatOpeningRanges(openingRangesByDay(value))).toBe(value)
    }
    expect(openingRangesByDay('Mo 13:00-17:00, Mo 08:00-12:00').Mo).toEqual([
      { opens: '08:00', closes: '12:00' },
      { opens: '13:00', closes: '17:00' },
    ])
  })
})
