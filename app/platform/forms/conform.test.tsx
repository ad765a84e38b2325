import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { parseSubmission, replyDone, replyInvalid, replyRefused, useSchemaForm } from './conform'

const Schema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required'),
  password: z.string().min(8, 'Password must be at least 8 characters'),
  tags: z.array(z.string().min(1, 'Tag is required')).default([]),
})

function form(entries: [string, string | Blob][]) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe('a Conform form', () => {
  test('values stay as typed: an empty field is "", and the schema words the complaint', () => {
    const submission = parseSubmission(
      form([
        ['name', '  '],
        ['password', 'x'],
      ]),
      Schema,
    )
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({
      name: ['Name is required'],
      password: ['Password must be at least 8 characters'],
    })
  })

  test('a refusal answers 400 with what was typed, never a hidden field', () => {
    const submission = parseSubmission(
      form([
        ['name', 'Ann'],
        ['password', 'short'],
      ]),
      Schema,
    )
    const answer = replyInvalid(submission, { form: 'signup', hideFields: ['password'] })
    expect(answer.init?.status).toBe(400)
    expect(answer.data.form).toBe('signup')
    expect(answer.data.initialValue).toEqual({ name: 'Ann' })
  })

  test("the shop's own refusal is a form error with its status", () => {
    const submission = parseSubmission(
      form([
        ['name', 'Ann'],
        ['password', 'long enough'],
      ]),
      Schema,
    )
    expect(submission.status).toBe('success')
    const answer = replyRefused(submission, 'Too many attempts', 429)
    expect(answer.init?.status).toBe(429)
    expect(answer.data.error).toEqual({ '': ['Too many attempts'] })
  })

  test('done empties the form and carries the words for the page', () => {
    const submission = parseSubmission(
      form([
        ['name', 'Ann'],
        ['password', 'long enough'],
      ]),
      Schema,
    )
    const reply = replyDone(submission, 'Saved')
    expect(reply).toMatchObject({ status: 'success', message: 'Saved', initialValue: null })
  })

  test('list fields arrive as lists, by index', () => {
    const submission = parseSubmission(
      form([
        ['name', 'Ann'],
        ['password', 'long enough'],
        ['tags[0]', 'a'],
        ['tags[1]', 'b'],
      ]),
      Schema,
    )
    expect(submission.status === 'success' && submission.value.tags).toEqual(['a', 'b'])
  })

  test('a forged list intent is a 400, never a crash', () => {
    for (const intent of [
      'garbage',
      '{"type":"x"}',
      '{"type":"remove","payload":{"name":"name","index":0}}',
    ]) {
      let thrown: unknown
      try {
        parseSubmission(
          form([
            ['name', 'Ann'],
            ['__intent__', intent],
          ]),
          Schema,
        )
      } catch (error) {
        thrown = error
      }
      expect(thrown).toMatchObject({ init: { status: 400 } })
    }
  })

  test('a list position past the limit is a 400, before Conform builds the list', () => {
    expect(() =>
      parseSubmission(
        form([
          ['name', 'Ann'],
          ['tags[99999999]', 'x'],
        ]),
        Schema,
      ),
    ).toThrow(expect.objectContaining({ init: { status: 400 } }))
    const fine = parseSubmission(
      form([
        ['name', 'Ann'],
        ['password', 'long enough'],
        ['tags[3]', 'x'],
      ]),
      Schema,
    )
    expect(fine.status).toBe('error')
  })

  test('a schema that transforms the checked form still gives the fields their constraints', () => {
    expect(renderToStaticMarkup(<TransformedForm />)).toBe('<input required="" name="code"/>')
  })
})

describe('list rows posted by hand', () => {
  const Hours = z.object({
    hours: z.array(z.object({ opens: z.string(), closes: z.string() })).default([]),
  })
  function status(entries: [string, string][]): number {
    try {
      parseSubmission(form(entries), Hours)
      return 200
    } catch (error) {
      return (error as { init?: { status?: number } }).init?.status ?? 500
    }
  }

  test('ordinary rows and list buttons pass', () => {
    expect(
      status([
        ['hours[0].opens', '09:00'],
        ['hours[3].closes', '17:00'],
      ]),
    ).toBe(200)
    const insert = { type: 'insert', payload: { name: 'hours', index: 2 } }
    expect(status([['__intent__', JSON.stringify(insert)]])).toBe(200)
  })

  test('a huge row number, in a name or a list button, or an intent that is not JSON, is a 400', () => {
    expect(status([['hours[99999999].opens', '09:00']])).toBe(400)
    expect(status([['__intent__', 'x']])).toBe(400)
    expect(status([['__intent__', 'null']])).toBe(400)
    const far = { type: 'remove', payload: { name: 'hours', index: 1e9 } }
    expect(status([['__intent__', JSON.stringify(far)]])).toBe(400)
    const update = { type: 'update', payload: { name: 'hours[5000000]', value: {} } }
    expect(status([['__intent__', JSON.stringify(update)]])).toBe(400)
  })
})

const Transformed = z
  .object({ code: z.string().min(1, 'Code is required') })
  .transform((value) => ({ saved: value.code }))

function TransformedForm() {
  const [, fields] = useSchemaForm(Transformed, { id: 'saved' })
  return <input required={fields.code.required} name={fields.code.name} />
}
