import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { type FieldErrors, parseForm } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import { type NewsletterResult, NewsletterSchema } from './newsletter'

// The newsletter sign-up, usable on any page: it posts (as a fetcher, so the page stays put)
// to the contact page's action, which owns subscribing. Without JavaScript it is a plain form
// whose answer is the contact page, with the result shown there (`serverResult`).

export const NEWSLETTER_ACTION = '/contact'

export function NewsletterForm({
  serverResult,
  labelledBy,
}: {
  /** The action's answer when the form was posted without JavaScript */
  serverResult?: NewsletterResult
  /** id of the heading that names the form; "Newsletter sign-up" otherwise */
  labelledBy?: string
}) {
  const fetcher = useFetcher<NewsletterResult>()
  const result = fetcher.data ?? serverResult
  // Uncontrolled on purpose: an address typed before the page's JavaScript has loaded must
  // survive hydration (a controlled value would be reset to the state's '').
  const emailField = useRef<HTMLInputElement>(null)
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const subscribing = fetcher.state === 'submitting'
  const fallbackLabel = useId()

  // Subscribed: the field is cleared, ready for nobody's second address.
  useEffect(() => {
    if (fetcher.data?.ok && emailField.current) emailField.current.value = ''
  }, [fetcher.data])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const parsed = parseForm(NewsletterSchema, new FormData(event.currentTarget))
    if (parsed.ok) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(parsed.fieldErrors)
    event.currentTarget.querySelector<HTMLInputElement>('input[name="email"]')?.focus()
  }

  const fieldError = clientErrors?.email ?? (result && !result.ok ? result.fieldErrors.email : '')
  const showResult = !clientErrors && result && !result.fieldErrors.email

  return (
    <fetcher.Form
      method="post"
      action={NEWSLETTER_ACTION}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy ?? fallbackLabel}
      className="space-y-3"
    >
      {labelledBy ? null : (
        <h2 id={fallbackLabel} className="sr-only">
          Newsletter sign-up
        </h2>
      )}
      <input type="hidden" name="intent" value="newsletter" />
      {showResult ? (
        <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          ref={emailField}
          defaultValue={serverResult?.ok ? '' : (serverResult?.email ?? '')}
          error={fieldError || undefined}
          className="flex-1"
        />
        <Button type="submit" disabled={subscribing} className="sm:mt-6 sm:self-start">
          {subscribing ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
    </fetcher.Form>
  )
}
