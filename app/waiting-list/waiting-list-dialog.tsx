import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import type { FormReply } from '~/platform/forms/conform'
import { Button } from '~/platform/ui/button'

const DialogBody = lazy(() => import('./waiting-list-dialog-body'))

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
          <Suspense fallback={null}>
            <DialogBody
              key={opening}
              {...props}
              // A result from a post without JavaScript belongs to the first opening only.
              serverResult={opening === 0 ? props.serverResult : undefined}
              hydrated={hydrated}
              onClose={close}
            />
          </Suspense>
        ) : null}
      </dialog>
    </>
  )
}
