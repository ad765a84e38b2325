import { useEffect, useState } from 'react'
import { Button } from '~/platform/ui/button'

/** Shown once JavaScript runs: without it there is nothing to call, and Ctrl+P still works. */
export function PrintButton() {
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  if (!ready) return null
  return (
    <Button type="button" onClick={() => window.print()}>
      Print
    </Button>
  )
}
