import { describe, expect, it } from 'vitest'
import { databaseUnavailableReason, isBusyError } from './unavailable'

const coded = (code: string, message = 'refused') => Object.assign(new Error(message), { code })

describe('databaseUnavailableReason', () => {
  it.each([
    ['SQLITE_FULL', 'disk-full'],
    ['SQLITE_IOERR_SHMSIZE', 'disk-full'],
    ['SQLITE_READONLY', 'read-only'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['SQLITE_READONLY_DIRECTORY', 'read-only'],
    ['53100', 'disk-full'],
    ['25006', 'read-only'],
    ['53000', 'no-resources'],
    ['53200', 'no-resources'],
    ['53300', 'no-resources'],
  ])('%s is %s', (code, reason) => {
    expect(databaseUnavailableReason(coded(code))).toBe(reason)
  })

  it.each([
    'SQLITE_CONSTRAINT_UNIQUE',
    'SQLITE_ERROR',
    'SQLITE_BUSY',
    'SQLITE_IOERR_READ',
    'SQLITE_CORRUPT',
    '53400',
    '23505',
    '40P01',
    '42P01',
  ])('%s is a fault of another kind', (code) => {
    expect(databaseUnavailableReason(coded(code))).toBeNull()
  })

  it('finds the driver error inside a wrapper', () => {
    const wrapped = new Error('Failed to create user', { cause: coded('SQLITE_FULL') })
    expect(databaseUnavailableReason(new Error('outer', { cause: wrapped }))).toBe('disk-full')
  })

  it('ignores what is not an error, and a cause that loops', () => {
    expect(databaseUnavailableReason(undefined)).toBeNull()
    expect(databaseUnavailableReason('SQLITE_FULL')).toBeNull()
    expect(databaseUnavailableReason({ code: 53100 })).toBeNull()
    const looping: { cause?: unknown } = {}
    looping.cause = looping
    expect(databaseUnavailableReason(looping)).toBeNull()
  })
})

describe('isBusyError', () => {
  it('knows a write that waited for a lock from one that failed', () => {
    expect(isBusyError(coded('SQLITE_BUSY'))).toBe(true)
    expect(isBusyError(coded('SQLITE_BUSY_SNAPSHOT'))).toBe(true)
    expect(isBusyError(coded('55P03'))).toBe(true)
    expect(isBusyError(coded('SQLITE_FULL'))).toBe(false)
    expect(isBusyError(new Error('no answer in 2000 ms'))).toBe(false)
  })
})
