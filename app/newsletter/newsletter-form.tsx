import { getFormProps } from '@conform-to/react'
import { useId } from 'react'
import { useFetcher } from 'react-router'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { FormMessage, TextField } from '~/platform/ui/field'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { NewsletterSchema } from './newsletter'

// The newsletter sign-up, usable on any page: it posts (as a fetcher, so the page stays put)
// to the contact page's action, which owns subscribing. Without JavaScript it is a plain form
// whose answer is the contact page, with the reply shown there (`serverReply`).

export const NEWSLETTER_ACTION = '/contact'

export function NewsletterForm({
  serverReply,
  labelledBy,
}: {
  /** The action's answer when the form was posted without JavaScript */
  serverReply?: FormReply
  /** id of the heading that names the form; "Newsletter sign-up" otherwise */
  labelledBy?: string
}) {
  const fetcher = useFetcher<FormReply>()
  const reply = fetcher.data ?? serverReply
  const fallbackLabel = useId()
  // Several sign-ups can share a page (the footer's and the contact page's).
  const [form, fields] = useSchemaForm(NewsletterSchema, {
    id: `newsletter-${fallbackLabel}`,
    lastResult: reply,
  })
  const subscribing = useIsPending({ fetcher })

  return (
    <fetcher.Form
      method="post"
      action={NEWSLETTER_ACTION}
      {...getFormProps(form)}
      aria-labelledby={labelledBy ?? fallbackLabel}
      className="space-y-3"
    >
      {labelledBy ? null : (
        <h2 id={fallbackLabel} className="sr-only">
          Newsletter sign-up
        </h2>
      )}
      <input type="hidden" name="intent" value="newsletter" />
      {reply?.status === 'success' && form.status !== 'error' ? (
        <FormMessage tone="success">{reply.message}</FormMessage>
      ) : null}
      <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Email"
          field={fields.email}
          type="email"
          autoComplete="email"
          className="flex-1"
        />
        <StatusButton
          type="submit"
          status={subscribing ? 'pending' : 'idle'}
          pendingText="Subscribing..."
          className="sm:mt-6 sm:self-start"
        >
          Subscribe
        </StatusButton>
      </div>
    </fetcher.Form>
  )
}
