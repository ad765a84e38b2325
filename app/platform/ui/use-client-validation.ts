import { type FormEvent, useState } from 'react'
import type { z } from 'zod'
import { type FieldErrors, parseForm } from '~/platform/forms/form-data'

/**
 * Checks a form with its zod schema before it is sent (the action checks it again). Errors
 * belong to a `scope` (say, the address being edited): when the scope changes they no longer
 * apply, so switching forms starts without old complaints.
 *
 * `serverErrors` are the action's answer to the last post. With the form's `onChange`
 * attached, a complaint (the page's or the server's) goes away as soon as its field is valid;
 * new complaints wait for the next submit, so nobody is scolded while still typing.
 */
export function useClientValidation(
  schema: z.ZodType,
  scope: string | null = null,
  serverErrors: FieldErrors = NO_ERRORS,
) {
  const [state, setState] = useState<{ errors: FieldErrors; scope: string | null } | null>(null)
  const [fixed, setFixed] = useState<{ of: FieldErrors; fields: ReadonlySet<string> }>({
    of: serverErrors,
    fields: new Set(),
  })
  const shown = state && state.scope === scope ? state.errors : serverErrors
  const cleared = fixed.of === shown ? fixed.fields : EMPTY
  const errors: FieldErrors | null =
    state && state.scope === scope ? without(state.errors, cleared) : null
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = parseForm(schema, new FormData(event.currentTarget))
    if (result.ok) {
      setState(null)
    } else {
      event.preventDefault()
      setState({ errors: result.fieldErrors, scope })
    }
  }
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (Object.keys(shown).length === 0) return
    const result = parseForm(schema, new FormData(event.currentTarget))
    const stillWrong = result.ok ? {} : result.fieldErrors
    const nowFixed = Object.keys(shown).filter((field) => !stillWrong[field])
    setFixed({ of: shown, fields: new Set(nowFixed) })
  }
  return {
    /** The page's complaints from the last submit, or null when it has none */
    errors,
    /** The server's complaints, less those fixed since */
    serverErrors: without(serverErrors, fixed.of === serverErrors ? fixed.fields : EMPTY),
    onSubmit,
    onChange,
  }
}

const NO_ERRORS: FieldErrors = {}
const EMPTY: ReadonlySet<string> = new Set()

function without(errors: FieldErrors, fields: ReadonlySet<string>): FieldErrors {
  if (fields.size === 0) return errors
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.has(field)))
}
