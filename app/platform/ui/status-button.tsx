import type { ComponentProps, ReactNode } from 'react'
import { Button, type ButtonLook } from './button'

export type ButtonStatus = 'idle' | 'pending' | 'success' | 'error'

type StatusButtonProps = ComponentProps<'button'> &
  ButtonLook & {
    status: ButtonStatus
    /** the words while pending ("Saving..."); the usual words when left out */
    pendingText?: ReactNode
  }

/**
 * A submit button that shows its form's state (Epic Stack's StatusButton): while pending it is
 * disabled and busy and says what it is doing; after an answer it carries a mark that screen
 * readers skip, so its accessible name stays its words.
 */
export function StatusButton({
  status,
  pendingText,
  disabled,
  children,
  ...props
}: StatusButtonProps) {
  const pending = status === 'pending'
  return (
    <Button
      {...props}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      data-status={status === 'idle' ? undefined : status}
    >
      {pending && pendingText !== undefined ? pendingText : children}
      {status === 'success' ? <Mark>✓</Mark> : status === 'error' ? <Mark>!</Mark> : null}
    </Button>
  )
}

function Mark({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="ml-2">
      {children}
    </span>
  )
}
