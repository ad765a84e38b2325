import { describe, expect, test } from 'vitest'
import {
  ClientErrorBatchSchema,
  ClientErrorReportSchema,
  classifyError,
  describeBatchProblems,
  friendlyMessage,
  REPORT_LIMITS,
} from './report'

const valid = { level: 'error', message: 'boom' } as const

describe('ClientErrorReportSchema', () => {
  test('accepts a report at every limit and defaults the level to error', () => {
    const report = {
      message: 'm'.repeat(1000),
      stack: 's'.repeat(5000),
      url: `https://shop.example/${'u'.repeat(1979)}`,
      user_agent: 'a'.repeat(500),
      context: { kind: 'application', line: 12, handled: false, component: null },
    }
    const parsed = ClientErrorReportSchema.parse(report)
    expect(parsed).toEqual({ ...report, level: 'error' })
  })

  test.each([
    ['message', { message: 'm'.repeat(1001) }, 'message must be at most 1000 characters'],
    ['stack', { stack: 's'.repeat(5001) }, 'stack must be at most 5000 characters'],
    ['url', { url: 'u'.repeat(2001) }, 'url must be at most 2000 characters'],
    ['user_agent', { user_agent: 'a'.repeat(501) }, 'user_agent must be at most 500 characters'],
    ['message', { message: '' }, 'message must not be empty'],
    ['level', { level: 'fatal' }, 'level must be error, warning or info'],
  ])('refuses a too long or wrong %s', (field, override, message) => {
    const result = ClientErrorReportSchema.safeParse({ ...valid, ...override })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })])
  })

  test('context is a small flat object', () => {
    const parse = (context: unknown) => ClientErrorReportSchema.safeParse({ ...valid, context })
    expect(parse({ a: 'x'.repeat(1990) }).success).toBe(true)
    expect(parse({ a: 'x'.repeat(1000), b: 'y'.repeat(1000) }).error?.issues[0]?.message).toBe(
      'context as JSON must be at most 2000 characters',
    )
    expect(parse({ nested: { deeper: true } }).success).toBe(false)
    expect(parse({ list: [1, 2] }).success).toBe(false)
    expect(parse(['not', 'an', 'object']).success).toBe(false)
    expect(parse({ ['k'.repeat(101)]: 1 }).success).toBe(false)
  })

  test('a message is required', () => {
    expect(ClientErrorReportSchema.safeParse({ level: 'info' }).error?.issues[0]?.message).toBe(
      'message is required',
    )
  })

  test('unknown fields are dropped, not stored', () => {
    expect(ClientErrorReportSchema.parse({ ...valid, customer_id: 'someone-else' })).toEqual(valid)
  })
})

describe('ClientErrorBatchSchema', () => {
  test('holds 1 to 10 reports', () => {
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ message: `e${i}` }))
    expect(ClientErrorBatchSchema.safeParse(batch(1)).success).toBe(true)
    expect(ClientErrorBatchSchema.safeParse(batch(REPORT_LIMITS.batch)).success).toBe(true)
    const eleven = ClientErrorBatchSchema.safeParse(batch(11))
    expect(eleven.error && describeBatchProblems(eleven.error)).toBe(
      'Invalid error report batch: a batch holds at most 10 reports.',
    )
    const none = ClientErrorBatchSchema.safeParse([])
    expect(none.error && describeBatchProblems(none.error)).toBe(
      'Invalid error report batch: a batch holds at least 1 report.',
    )
  })

  test('a clear message says where each problem is', () => {
    const result = ClientErrorBatchSchema.safeParse([valid, { message: 'm'.repeat(1001) }])
    expect(result.error && describeBatchProblems(result.error)).toBe(
      'Invalid error report batch: 1.message: message must be at most 1000 characters.',
    )
    for (const notAList of [{ message: 'boom' }, 'a string longer than ten characters', null]) {
      const result = ClientErrorBatchSchema.safeParse(notAList)
      expect(result.error && describeBatchProblems(result.error)).toBe(
        'Invalid error report batch: expected a JSON array of error reports.',
      )
    }
  })

  test('lists at most five problems', () => {
    const result = ClientErrorBatchSchema.safeParse(Array.from({ length: 8 }, () => ({})))
    const text = result.error ? describeBatchProblems(result.error) : ''
    expect(text.match(/message is required/g)).toHaveLength(5)
    expect(text).toMatch(/\(and 3 more\)\.$/)
  })
})

describe('classifyError (spec section 8)', () => {
  test.each([
    [{ code: 'PGRST116', message: 'no rows' }, 'database'],
    [{ code: '23505', message: 'duplicate key value' }, 'database'],
    [new TypeError('Failed to fetch'), 'network'],
    [new Error('NetworkError when attempting to fetch resource.'), 'network'],
    [new Error('Validation failed'), 'validation'],
    [new Error('Invalid email'), 'validation'],
    [new Error('Auth session missing'), 'authentication'],
    [new Error('Unauthorized'), 'authentication'],
    [{ status: 401, message: 'nope' }, 'authentication'],
    [new Error('Payment declined'), 'payment'],
    [new Error('Cannot read properties of undefined'), 'application'],
    ['a plain string about the network', 'network'],
    [{ code: 'P0001', message: 'raised' }, 'application'],
    [{ code: 42, message: 'code is not a string' }, 'application'],
    [null, 'application'],
    [undefined, 'application'],
  ])('%o is %s', (error, kind) => {
    expect(classifyError(error)).toBe(kind)
  })

  test("the spec's order decides between words: a database code first, then network", () => {
    expect(classifyError({ code: '23503', message: 'network' })).toBe('database')
    expect(classifyError(new Error('invalid fetch response'))).toBe('network')
    expect(classifyError(new Error('invalid auth token'))).toBe('validation')
  })
})

test("friendly messages are the spec's words", () => {
  expect(friendlyMessage('network')).toBe(
    'Unable to connect to the server. Please check your internet connection and try again.',
  )
  expect(friendlyMessage('authentication')).toBe('You need to be logged in to perform this action.')
  expect(friendlyMessage('validation')).toBe('Please check your input and try again.')
  expect(friendlyMessage('database')).toBe('A database error occurred. Please try again later.')
  expect(friendlyMessage('payment')).toBe(
    'There was an issue processing your payment. Please try again.',
  )
  expect(friendlyMessage('application')).toBe('An unexpected error occurred. Please try again.')
})
