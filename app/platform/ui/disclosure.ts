import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * A disclosure (button + panel): aria-expanded/aria-controls on the button, closes on Escape
 * (focus back to the button), on a click outside and on any navigation.
 */
export function useDisclosure() {
  const location = useLocation()
  // Open "at" one location: a navigation changes the key, which closes the panel.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === location.key
  const panelId = useId()
  const container = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenAt(null)
      button.current?.focus()
    }
    const onClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpenAt(null)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])

  return {
    open,
    containerRef: container,
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpenAt(open ? null : location.key),
    },
    panelProps: { id: panelId, hidden: !open },
  }
}

/** False on the server and in the first client render, true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
