import { useCallback, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { authPageUrl } from '~/auth/redirect'
import { QuantityStepper } from '~/catalog/quantity-stepper'
import type { FormReply } from '~/platform/forms/conform'
import { Button, ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'

/** Which form answered, in the product route's replies (FormReply's `form`). */
export const JOIN_WAITING_LIST = 'join-waiting-list'

/** The spec's 2 seconds (section 9): long enough to read the success message. */
export const CLOSE_AFTER_SUCCESS_MS = 2000

export type WaitingListDialogProps = {
  productName: string
  variant: { id: string; name: string } | null
  signedIn: boolean
  /** The product page's own path for this selection (where the form posts and Close goes) */
  pagePath: string
  /** Opened by the server: ?waitlist=1 without JavaScript, or after a post without it */
  initiallyOpen: boolean
  /** The action's answer to a post made without JavaScript */
  serverResult: FormReply | undefined
  hydrated: boolean
}

/**
 * "Join Waiting List": a button opening a native modal <dialog> (focus moves in, Escape
 * closes, focus returns to the button). Without JavaScript the button is a GET form that
 * reloads the page with ?waitlist=1, and the dialog is rendered open in the page.
 */
export function WaitingListDialog(props: WaitingListDialogProps) {
  const { initiallyOpen, hydrated } = props
  const dialog = useRef<HTMLDialogElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(initiallyOpen)
  // Each opening gets a fresh form and fetcher, so an old message never shows again.
  const [opening, setOpening] = useState(0)

  useEffect(() => {
    const element = dialog.current
    if (!open || !element || element.matches(':modal')) return
    // Rendered open by the server (not modal): reopen it as a modal.
    if (element.open) element.close()
    element.showModal()
  }, [open])

  const close = useCallback(() => dialog.current?.close(), [])
  const [base, query = ''] = props.pagePath.split('?')
  const variantParam = new URLSearchParams(query).get('variant')

  return (
    <>
      <form method="get" action={base} className="mt-3">
        {variantParam ? <input type="hidden" name="variant" value={variantParam} /> : null}
        <Button
          ref={trigger}
          type="submit"
          name="waitlist"
          value="1"
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault()
            setOpening((count) => count + 1)
            setOpen(true)
          }}
          variant="secondary"
          className="w-full"
        >
          Join Waiting List
        </Button>
      </form>
      <dialog
        ref={dialog}
        open={initiallyOpen}
        aria-labelledby="waiting-list-title"
        // The server-rendered dialog is closed and reopened as a modal; that close is not the user's.
        onClose={() => {
          if (dialog.current?.open) return
          setOpen(false)
          trigger.current?.focus()
        }}
        // Fixed and above the sticky header, so the dialog the server renders open (not modal,
        // without JavaScript) sits in view over the page like the modal one.
        className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100%-2rem)] w-[min(28rem,calc(100%-2rem))] overflow-auto rounded-lg border border-earth-100 bg-white p-6 text-ink shadow-xl backdrop:bg-black/40"
      >
        {open ? (
          <DialogBody
            key={opening}
            {...props}
            // A result from a post without JavaScript belongs to the first opening only.
            serverResult={opening === 0 ? props.serverResult : undefined}
            hydrated={hydrated}
            onClose={close}
          />
        ) : null}
      </dialog>
    </>
  )
}

function DialogBody({
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
  // No schema in the browser: the stepper keeps the quantity sane, the action checks it, and
  // zod and Conform stay out of every product page's JavaScript (docs/benchmarks/lighthouse.md).
  const typed = Number(reply?.initialValue?.quantity)
  const [quantity, setQuantity] = useState(Number.isInteger(typed) && typed >= 1 ? typed : 1)
  const joining = useIsPending({ fetcher })
  const joined = reply?.status === 'success'

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
            <fetcher.Form method="post" action={pagePath} className="space-y-4">
              <FormMessage tone="error">{reply?.error?.['']?.[0]}</FormMessage>
              <input type="hidden" name="intent" value={JOIN_WAITING_LIST} />
              {variant ? <input type="hidden" name="variantId" value={variant.id} /> : null}
              <QuantityStepper
                name="quantity"
                value={quantity}
                onChange={setQuantity}
                hydrated={hydrated}
                error={reply?.error?.quantity?.[0]}
              />
              <CheckboxField
                label="Notify me by email when available"
                name="notifyByEmail"
                defaultChecked={
                  reply?.initialValue ? reply.initialValue.notifyByEmail === 'on' : true
                }
              />
              <div className="flex flex-wrap justify-end gap-3">
                {closeControl}
                <StatusButton
                  type="submit"
                  status={joining ? 'pending' : 'idle'}
                  pendingText="Joining..."
                >
                  Join Waiting List
                </StatusButton>
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
