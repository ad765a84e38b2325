import { type ButtonHTMLAttributes, useRef, useState } from 'react'
import { ConfirmDialog } from '~/platform/ui/confirm-dialog'

/**
 * A submit button for a destructive admin action (cancel an order, archive a product, remove
 * an admin): it asks first in a modal dialog, and only a "yes" submits its form, with this
 * button's name and value. Before JavaScript runs the button submits its form directly, like
 * every other form here (D1).
 */
export function ConfirmSubmitButton({
  title,
  question,
  confirmLabel,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  title: string
  question: string
  confirmLabel: string
}) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={ref}
        type="submit"
        {...button}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        {children}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        question={question}
        confirmLabel={confirmLabel}
        onCancel={() => {
          setOpen(false)
          ref.current?.focus()
        }}
        onConfirm={() => {
          setOpen(false)
          // requestSubmit with the button keeps its name=value (the intent) in the form data,
          // and fires no click, so the question is not asked again.
          ref.current?.form?.requestSubmit(ref.current)
        }}
      />
    </>
  )
}
