import { getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button, buttonVariants } from '~/platform/ui/button'
import { useHydrated } from '~/platform/ui/disclosure'
import { FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { SelectField } from '~/platform/ui/select-field'
import { useIsPending } from '~/platform/ui/use-is-pending'
import {
  CANCEL_QUESTION,
  MAX_ITEM_QUANTITY,
  PauseSchema,
  QuantitySchema,
  SWAP_FROM_NOW_ON,
  SwapSchema,
  WindowSchema,
} from './manage'
import { SubscriptionFacts, subscriptionTitle } from './subscription-facts'
import type { SubscriptionDetail } from './subscription-view.server'

// A customer's subscription page (ADR 32): the next box, the items, where the boxes go, the
// card and cancelling, each its own form posting one intent to the page's action.

/** The action's answer; without JavaScript a Cancel first comes back asking to confirm. */
export type SubscriptionReply = FormReply & { confirmCancel?: boolean }

/** Which form answered: the intent, and the item for an item's own forms. */
export function formOf(payload: Record<string, unknown>): string {
  const intent = typeof payload.intent === 'string' ? payload.intent : ''
  const itemId = typeof payload.itemId === 'string' ? payload.itemId : ''
  return itemId ? `${intent}:${itemId}` : intent
}

/** What each of the page's forms is given: the subscription, whether a post is on its way,
 * and the action's reply when it is this form's. */
type FormProps = {
  subscription: SubscriptionDetail
  busy: boolean
  reply: SubscriptionReply | undefined
}

/** A customer's own subscription, with a form for each change they may make to it. */
export function SubscriptionPage({
  subscription,
  reply,
}: {
  subscription: SubscriptionDetail
  reply: SubscriptionReply | undefined
}) {
  // One change at a time: while any form is on its way, every button on the page waits.
  const busy = useIsPending()
  const success = reply?.status === 'success' ? reply.message : undefined
  const refusal =
    reply && reply.status !== 'success'
      ? // A visible field shows its own complaint; the hidden ones' are the page's.
        ['', 'box', 'itemId', 'intent'].map((name) => reply.error?.[name]?.[0]).find(Boolean)
      : undefined
  const live = subscription.status !== 'cancelled'
  const title = subscriptionTitle(subscription)

  return (
    <div className="space-y-6">
      <TextLink to="/account/subscriptions">Back to Subscriptions</TextLink>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <Heading level={1}>{title}</Heading>
        <span className="rounded-full bg-pasture-50 px-3 py-1 text-sm font-semibold text-pasture-800">
          {subscription.statusLabel}
        </span>
      </div>
      <FormMessage tone="success">{success}</FormMessage>
      <FormMessage tone="error">{refusal}</FormMessage>
      {reply?.confirmCancel && live ? <CancelQuestion subscription={subscription} /> : null}

      <section className="rounded-lg border border-earth-100 bg-white p-6">
        <SubscriptionFacts subscription={subscription} />
      </section>

      {live ? (
        <>
          <NextBox subscription={subscription} busy={busy} reply={reply} />
          <Items subscription={subscription} busy={busy} reply={reply} />
          <Where subscription={subscription} busy={busy} reply={replyFor(reply, 'window')} />
          {subscription.paymentMethod === 'stripe' ? (
            <Panel title="Card">
              <p className="text-sm text-ink">
                Each box is charged to the card you saved at checkout.
              </p>
              <Form
                method="post"
                action={`/account/subscriptions/${subscription.id}/card`}
                className="mt-3"
              >
                <Button type="submit" variant="secondary" disabled={busy}>
                  Update Card
                </Button>
              </Form>
            </Panel>
          ) : null}
          <Panel title="Cancel">
            <p className="text-sm text-ink">
              No more boxes are made after you cancel. Boxes already made are not changed.
            </p>
            <CancelForm subscription={subscription} busy={busy} />
          </Panel>
        </>
      ) : null}
    </div>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="rounded-lg border border-earth-100 bg-white p-6">
      <h2 id={id} className="font-display text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  )
}

/** Every form names the box the page showed, so a change meant for it is never applied to another. */
function BoxField({ subscription }: { subscription: SubscriptionDetail }) {
  return <input type="hidden" name="box" value={subscription.nextDate} />
}

/** The reply meant for this form, and none for the page's other forms. */
function replyFor(
  reply: SubscriptionReply | undefined,
  form: string,
): SubscriptionReply | undefined {
  return reply?.form === form ? reply : undefined
}

function NextBox({ subscription, busy, reply }: FormProps) {
  const paused = subscription.status === 'paused'
  return (
    <Panel title="Next Box">
      {paused ? (
        <Form method="post">
          <input type="hidden" name="intent" value="resume" />
          <BoxField subscription={subscription} />
          <Button type="submit" disabled={busy}>
            Resume
          </Button>
        </Form>
      ) : (
        <>
          {/* After a skip, bringing the box back is the main action (issue 32); skipping the
              box after it stays possible, as a secondary one. */}
          <div className="flex flex-wrap gap-3">
            {subscription.undoable ? (
              <Form method="post">
                <input type="hidden" name="intent" value="undo-skip" />
                <BoxField subscription={subscription} />
                <Button type="submit" disabled={busy}>
                  Undo Skip
                </Button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="skip" />
              <BoxField subscription={subscription} />
              <Button
                type="submit"
                variant={subscription.undoable ? 'secondary' : 'primary'}
                disabled={busy}
              >
                Skip Next Box
              </Button>
            </Form>
          </div>
          {subscription.undoable ? (
            <p className="text-sm text-muted">
              Your box for {subscription.undoable.text} is skipped.
            </p>
          ) : null}
          {subscription.status === 'active' ? (
            <PauseForm subscription={subscription} busy={busy} reply={replyFor(reply, 'pause')} />
          ) : null}
        </>
      )}
    </Panel>
  )
}

function PauseForm({ subscription, busy, reply }: FormProps) {
  const [form, fields] = useSchemaForm(PauseSchema, { id: 'pause', lastResult: reply })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="pause" />
      <BoxField subscription={subscription} />
      <TextField
        label="Pause until"
        field={fields.until}
        type="date"
        min={subscription.pauseFrom}
        max={subscription.pauseTo}
        hint="No boxes until then; the first box after it comes as usual."
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Pause
      </Button>
    </Form>
  )
}

function Items({ subscription, busy, reply }: FormProps) {
  return (
    <Panel title="Items">
      <ul className="space-y-4">
        {subscription.items.map((item) => (
          <li key={item.id} className="rounded-md border border-earth-100 p-4">
            <h3 className="font-semibold text-ink">{item.name}</h3>
            <div className="mt-2 flex flex-wrap items-start gap-6">
              {/* A new quantity starts the form again from it. */}
              <QuantityForm
                key={item.quantity}
                subscription={subscription}
                item={item}
                busy={busy}
                reply={replyFor(reply, `quantity:${item.id}`)}
              />
              {item.swapOptions.length > 0 ? (
                <SwapForm
                  subscription={subscription}
                  item={item}
                  busy={busy}
                  reply={replyFor(reply, `swap:${item.id}`)}
                />
              ) : (
                <p className="text-sm text-muted">Nothing else at this price to swap it for.</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  )
}

type Item = SubscriptionDetail['items'][number]

function QuantityForm({ subscription, item, busy, reply }: FormProps & { item: Item }) {
  const [form, fields] = useSchemaForm(QuantitySchema, {
    id: `quantity-${item.id}`,
    lastResult: reply,
    defaultValue: { quantity: String(item.quantity) },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex items-end gap-3">
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="itemId" value={item.id} />
      <BoxField subscription={subscription} />
      <TextField
        label="Quantity"
        field={fields.quantity}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_ITEM_QUANTITY}
        className="w-24"
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Change Quantity
      </Button>
    </Form>
  )
}

function SwapForm({ subscription, item, busy, reply }: FormProps & { item: Item }) {
  const [form, fields] = useSchemaForm(SwapSchema, { id: `swap-${item.id}`, lastResult: reply })
  // Said before the swap is made, and read with its button: it is not for the next box only.
  const noteId = `swap-note-${item.id}`
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="swap" />
      <input type="hidden" name="itemId" value={item.id} />
      <BoxField subscription={subscription} />
      <div className="flex items-end gap-3">
        <SelectField label="Swap for" field={fields.choice} options={item.swapOptions} />
        <Button type="submit" variant="secondary" disabled={busy} aria-describedby={noteId}>
          Swap Item
        </Button>
      </div>
      <p id={noteId} className="mt-1 text-sm text-muted">
        {SWAP_FROM_NOW_ON}
      </p>
    </Form>
  )
}

function Where({ subscription, busy, reply }: FormProps) {
  const [form, fields] = useSchemaForm(WindowSchema, { id: 'window', lastResult: reply })
  return (
    <Panel title="Pickup or Delivery">
      <p className="text-sm text-ink">Now: {subscription.where}</p>
      {subscription.windowOptions.length > 0 ? (
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="window" />
          <BoxField subscription={subscription} />
          <SelectField
            label="Pickup or delivery"
            field={fields.windowId}
            options={subscription.windowOptions}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Change Pickup or Delivery
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-muted">No other pickup place or delivery day is offered now.</p>
      )}
    </Panel>
  )
}

function CancelForm({ subscription, busy }: { subscription: SubscriptionDetail; busy: boolean }) {
  // Before JavaScript runs the button posts without `confirm`, and the page asks (CancelQuestion).
  const hydrated = useHydrated()
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="cancel" />
      <BoxField subscription={subscription} />
      {hydrated ? <input type="hidden" name="confirm" value="yes" /> : null}
      <ConfirmSubmitButton
        title="Cancel this subscription?"
        question={CANCEL_QUESTION}
        confirmLabel="Yes, Cancel Subscription"
        className={buttonVariants({ variant: 'danger' })}
        disabled={busy}
      >
        Cancel Subscription
      </ConfirmSubmitButton>
    </Form>
  )
}

function CancelQuestion({ subscription }: { subscription: SubscriptionDetail }) {
  return (
    <section
      aria-labelledby="cancel-question"
      className="rounded-lg border border-red-300 bg-red-50 p-6"
    >
      <h2 id="cancel-question" className="font-display text-xl font-bold text-red-900">
        Cancel this subscription?
      </h2>
      <p className="mt-2 text-ink">{CANCEL_QUESTION}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="confirm" value="yes" />
          <BoxField subscription={subscription} />
          <Button type="submit" variant="destructive">
            Yes, Cancel Subscription
          </Button>
        </Form>
        <TextLink to={`/account/subscriptions/${subscription.id}`}>Keep Subscription</TextLink>
      </div>
    </section>
  )
}
