import { getFormProps } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { authPageUrl } from '~/auth/redirect'
import { QuantityStepper } from '~/catalog/quantity-stepper'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button, ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import {
  CLOSE_AFTER_SUCCESS_MS,
  JOIN_WAITING_LIST,
  type WaitingListDialogProps,
} from './waiting-list-dialog'
import { JoinWaitingListSchema } from './waiting-list-form'

// The inside of the waiting-list dialog, loaded when the dialog first opens: its form brings
// Conform and zod, which the product page does not need until then (the page's JavaScript
// budget, docs/benchmarks/lighthouse.md). The server renders it in place when the dialog is
// open without JavaScript.

export default function DialogBody({
  productName,
  variant,
  signedIn,
  pagePath,
  serverResult,
  hydrated,
  onClose,
}: WaitingListDialogProps & { onClose: () => void }) {
  const fetcher = useFetcher<FormReply>()
  const reply = fetcher.data ?? serverResult
  const [form, fields] = useSchemaForm(JoinWaitingListSchema, {
    id: 'waiting-list',
    lastResult: reply,
    defaultValue: { quantity: '1', notifyByEmail: 'on' },
  })
  const [quantity, setQuantity] = useState(() => {
    const typed = Number(fields.quantity.initialValue)
    return Number.isInteger(typed) && typed >= 1 ? typed : 1
  })
  const joining = fetcher.state !== 'idle'
  const joined = reply?.status === 'success' && form.status !== 'error'

  useEffect(() => {
    if (!joined || !hydrated) return
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [joined, hydrated, onClose])

  const item = variant ? `${productName} (${variant.name})` : productName
  const closeControl = hydrated ? (
    <button
      type="button"
      onClick={onClose}
      className="rounded-md px-4 py-2 font-semibold text-ink hover:bg-earth-50"
    >
      {joined ? 'Close' : 'Cancel'}
    </button>
  ) : (
    <a href={pagePath} className="rounded-md px-4 py-2 font-semibold text-ink hover:bg-earth-50">
      {joined ? 'Close' : 'Cancel'}
    </a>
  )

  return (
    <>
      <Heading level={2} id="waiting-list-title" size="small">
        Join Waiting List
      </Heading>
      <p className="mt-2 text-sm text-muted">
        {item} is out of stock right now. Join the waiting list and we'll hold your place for the
        next batch.
      </p>
      {signedIn ? (
        <div className="mt-4 space-y-4">
          {joined ? (
            <>
              <FormMessage tone="success">{reply.message}</FormMessage>
              <div className="flex justify-end">{closeControl}</div>
            </>
          ) : (
            <fetcher.Form
              method="post"
              action={pagePath}
              {...getFormProps(form)}
              className="space-y-4"
            >
              <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
              <input type="hidden" name="intent" value={JOIN_WAITING_LIST} />
              {variant ? <input type="hidden" name="variantId" value={variant.id} /> : null}
              <QuantityStepper
                name={fields.quantity.name}
                value={quantity}
                onChange={setQuantity}
                hydrated={hydrated}
                error={fields.quantity.errors?.[0]}
              />
              <CheckboxField
                label="Notify me by email when available"
                field={fields.notifyByEmail}
              />
              <div className="flex flex-wrap justify-end gap-3">
                {closeControl}
                <Button type="submit" disabled={joining}>
                  {joining ? 'Joining...' : 'Join Waiting List'}
                </Button>
              </div>
            </fetcher.Form>
          )}
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <p>Please sign in or create an account to join the waiting list.</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={authPageUrl('/signin', pagePath)}>Sign In</ButtonLink>
            <ButtonLink to={authPageUrl('/signup', pagePath)} variant="secondary">
              Create Account
            </ButtonLink>
          </div>
          <div className="flex justify-end">{closeControl}</div>
        </div>
      )}
    </>
  )
}
