import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { expect, test } from 'vitest'
import { refusalOf } from './refusal'

/** What a route's boundary receives for `throw data(message, { status })`. */
const thrown = (message: unknown, status: number) => new ErrorResponse(status, '', message)

test("a 4xx thrown with a message shows the server's words", () => {
  expect(refusalOf(thrown('The form could not be read.', 400))).toEqual({
    title: 'Request Not Accepted',
    message: 'The form could not be read.',
  })
  expect(refusalOf(thrown('Admins only.', 403))).toEqual({
    title: 'Not Allowed',
    message: 'Admins only.',
  })
})

test('404s, server errors, thrown errors and 4xx without words are left to the boundary', () => {
  expect(refusalOf(thrown('Not here.', 404))).toBeNull()
  expect(refusalOf(thrown('Broken.', 500))).toBeNull()
  expect(refusalOf(thrown(null, 400))).toBeNull()
  expect(refusalOf(thrown('  ', 400))).toBeNull()
  expect(refusalOf(new Error('boom'))).toBeNull()
})
