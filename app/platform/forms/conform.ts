import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'

// Every form is a Conform form (ADR 27): one zod schema checks it in the browser (before it
// is sent) and again in the action; the action answers with the submission's reply, which
// carries the field errors and what was typed, so the page shows both with no code of its own.
// Without JavaScript the same reply renders the same page from the server.

/** No form of the shop has more rows than this (option rows, opening hours, windows). */
export const MAX_LIST_ROWS = 200

/** What every action answers for a form: Conform's reply, and words for the page when it went well. */
export type FormReply = SubmissionResult<string[]> & { message?: string; form?: string }

/**
 * Parses a posted form with its schema. Values stay as typed (no automatic coercion): the
 * schemas trim, convert and word their own messages, "" included.
 */
export function parseSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  refuseHugeLists(form)
  try {
    return parseWithZod(form, { schema, disableAutoCoercion: true })
  } catch {
    // Conform throws on a list button's intent it cannot apply (not JSON, an unknown kind, a
    // list that is not one): a forged post, refused like any unreadable form.
    throw data('The form could not be read.', { status: 400 })
  }
}

type FormShape<Schema extends z.ZodType> =
  z.input<Schema> extends Record<string, unknown> ? z.input<Schema> : never

/** A form's starting values, as typed into it (a ticked box is 'on'). */
export type FormDefaults<Schema extends z.ZodType> = DefaultValue<FormShape<Schema>>

/**
 * The page side of a form: the browser checks with the schema on submit and again as each
 * complained-about field changes (nobody is scolded while still typing); constraints such as
 * required and maxLength come from the schema.
 */
export function useSchemaForm<Schema extends z.ZodType>(
  schema: Schema,
  options: {
    lastResult?: FormReply | null
    defaultValue?: FormDefaults<Schema>
    id?: string
  } = {},
) {
  return useForm<FormShape<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: constraintOf(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  })
}

type Parsed = ReturnType<typeof parseSubmission>
type ReplyOptions = {
  /** Which form answers, on a page with several (so each shows only its own reply) */
  form?: string
  /** Fields never sent back, such as passwords */
  hideFields?: string[]
}

/** The schema said no: 400, with each field's complaint and what was typed. */
export function replyInvalid(submission: Parsed, options: ReplyOptions = {}) {
  return data<FormReply>(
    { ...submission.reply({ hideFields: options.hideFields }), form: options.form },
    { status: 400 },
  )
}

/** The form was fine but the shop could not do it: `message` above the form, typing kept. */
export function replyRefused(
  submission: Parsed,
  message: string,
  status: number,
  options: ReplyOptions = {},
) {
  return data<FormReply>(
    {
      ...submission.reply({ formErrors: [message], hideFields: options.hideFields }),
      form: options.form,
    },
    { status },
  )
}

/** Done: the form is emptied (unless `keep`) and `message`, if any, is shown above it. */
export function replyDone(
  submission: Parsed,
  message?: string,
  options: ReplyOptions & { keep?: boolean } = {},
): FormReply {
  return {
    // Conform leaves the status out of a reply that resets the form; the page needs it.
    status: 'success',
    ...submission.reply({ resetForm: !options.keep, hideFields: options.hideFields }),
    form: options.form,
    message,
  }
}

/**
 * The HTML constraints of a schema's fields. Conform reads object schemas only; a schema that
 * checks a form and then turns it into something else (`.transform()` at the top) is read
 * through to the object it checks.
 */
function constraintOf(schema: z.ZodType): ReturnType<typeof getZodConstraint> | undefined {
  try {
    return getZodConstraint(schema)
  } catch {
    const def = schema._zod.def as { in?: z.ZodType }
    return def.in ? constraintOf(def.in) : undefined
  }
}

/**
 * Conform reads a row's place from its name (`hours.Mo[3].opens`) and a list button's from the
 * JSON in `__intent__`; either, posted by hand, could ask for a list of millions of rows, which
 * Conform would build and the reply would send back. No form of ours comes near MAX_LIST_ROWS.
 */
function refuseHugeLists(form: FormData): void {
  const tooMany = () => data('The form has too many rows.', { status: 400 })
  const intent = form.get('__intent__')
  const texts = [...form.keys(), typeof intent === 'string' ? intent : '']
  for (const text of texts) {
    for (const [, index] of text.matchAll(/\[(\d+)\]/g)) {
      if (Number(index) >= MAX_LIST_ROWS) throw tooMany()
    }
  }
  if (typeof intent !== 'string') return
  let payload: Record<string, unknown> = {}
  try {
    payload = (JSON.parse(intent) as { payload?: Record<string, unknown> } | null)?.payload ?? {}
  } catch {
    return // not JSON: Conform throws, and parseSubmission answers 400
  }
  for (const key of ['index', 'from', 'to'] as const) {
    const place = payload[key]
    if (place === undefined) continue
    if (!Number.isInteger(place) || Number(place) < 0 || Number(place) >= MAX_LIST_ROWS) {
      throw tooMany()
    }
  }
}
