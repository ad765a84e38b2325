import { type FormEvent, useState } from 'react'
import type { z } from 'zod'
import { type FieldErrors, parseForm } from '~/http/form-data'

/**
 * Checks a form with its zod schema before it is sent (the action checks it again). Errors
 * belong to a `scope` (say, the address being edited): when the scope changes they no longer
 * apply, so switching forms starts without old complaints.
 */
export function useClientValidation(schema: z.ZodType, scope: string | null = null) {
  const [state, setState] = useState<{ errors: FieldErrors; scope: string | null } | null>(null)
  const errors = state && state.scope === scope ? state.errors : null
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = parseForm(schema, new FormData(event.currentTarget))
    if (result.ok) {
      setState(null)
    } else {
      event.preventDefault()
      setState({ errors: result.fieldErrors, scope })
    }
  }
  return { errors, onSubmit }
}
