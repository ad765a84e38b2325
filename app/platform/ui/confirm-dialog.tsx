import { useEffect, useId, useRef } from 'react'
import { Button } from './button'

/**
 * A yes/no question before a destructive cart change, as a native modal <dialog>: focus moves
 * in (to Cancel, the safe answer), stays inside, Escape cancels, and focus returns to the
 * button that opened it. Only used once JavaScript runs; without it the forms post directly.
 */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  question: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const questionId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      cancel.current?.focus()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={questionId}
      // Escape, or close() after an answer: either way the question is over.
      onClose={() => {
        if (open) onCancel()
      }}
      className="m-auto w-[min(26rem,calc(100%-2rem))] rounded-lg border border-earth-100 bg-white p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="font-display text-xl font-bold text-pasture-800">
        {title}
      </h2>
      <p id={questionId} className="mt-2 text-ink">
        {question}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button ref={cancel} type="button" onClick={onCancel} variant="outline">
          Cancel
        </Button>
        <Button type="button" onClick={onConfirm} variant="destructive">
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
