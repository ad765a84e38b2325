import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  centsToDollarsInput,
  checkbox,
  dollars,
  optionalDate,
  optionalUrl,
  wholeNumber,
} from './fields'

const first = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message }
}

describe('admin form fields', () => {
  it('turns dollars into cents and refuses what is not money', () => {
    const price = dollars('price')
    expect(first(price, '12.5')).toEqual({ value: 1250 })
    expect(first(price, '$1,234.99')).toEqual({ value: 123499 })
    expect(first(price, '0.1')).toEqual({ value: 10 })
    expect(first(price, '')).toEqual({ error: 'Enter the price.' })
    expect(first(price, '12.345')).toEqual({ error: 'Enter the price in dollars, like 12.50.' })
    expect(first(price, '-3')).toEqual({ error: 'Enter the price in dollars, like 12.50.' })
    expect(first(price, '2000000')).toEqual({
      error: 'The price must be between $0 and $1,000,000.',
    })
    expect(centsToDollarsInput(1250)).toBe('12.50')
  })

  it('reads whole numbers within bounds', () => {
    const stock = wholeNumber('stock', { max: 100 })
    expect(first(stock, '7')).toEqual({ value: 7 })
    expect(first(stock, '1.5')).toEqual({ error: 'The stock must be a whole number.' })
    expect(first(stock, '101')).toEqual({ error: 'The stock must be between 0 and 100.' })
  })

  it('reads checkboxes, dates and links', () => {
    expect(first(checkbox, 'on')).toEqual({ value: true })
    expect(first(checkbox, undefined)).toEqual({ value: false })
    expect(first(optionalDate('date'), '2026-02-30')).toEqual({
      error: 'Enter the date as a date.',
    })
    expect(first(optionalDate('date'), '')).toEqual({ value: null })
    expect(first(optionalUrl('link'), 'javascript:alert(1)')).toEqual({
      error: 'The link must start with https://',
    })
    expect(first(optionalUrl('link'), 'https://facebook.com/farm')).toEqual({
      value: 'https://facebook.com/farm',
    })
  })
})
