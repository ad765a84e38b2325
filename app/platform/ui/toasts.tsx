import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { TextLink } from './link'

// Toasts (spec section 3: id, type, title, message, duration; default 5000 ms). They sit in
// live regions that exist from the first render, because screen readers announce changes to
// a live region, not a region that appears already filled: errors and warnings in an
// assertive one (role alert), successes and information in a polite one (role status). The
// roles are set only while a region holds a toast, so an empty region is never "an alert"
// (to assistive technology or to a test looking for the page's one alert).

export type ToastType = 'error' | 'warning' | 'success' | 'info'

export type ToastInput = {
  type: ToastType
  title: string
  message: string
  /** Milliseconds on screen; Infinity keeps it until dismissed. */
  duration?: number
  /** Where to go next, e.g. the cart after adding to it */
  link?: { to: string; label: string }
}

export type Toast = Required<Omit<ToastInput, 'link'>> & Pick<ToastInput, 'link'> & { id: number }

export const DEFAULT_TOAST_DURATION = 5000
/** More than this at once is a wall, not a notification; the oldest make way. */
export const MAX_TOASTS = 4

/**
 * The list after showing `toast`. The same toast already on screen is not shown twice (one
 * failure often fires several times), so the list comes back unchanged.
 */
export function addToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  const same = toasts.some(
    (shown) =>
      shown.type === toast.type && shown.title === toast.title && shown.message === toast.message,
  )
  if (same) return [...toasts]
  return [...toasts, toast].slice(-MAX_TOASTS)
}

type ToastApi = {
  /** Shows a toast and returns its id (one already on screen is not shown again). */
  show: (toast: ToastInput) => number
  dismiss: (id: number) => void
}

const ToastContext = createContext<ToastApi | null>(null)

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it')
  return api
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const lastId = useRef(0)
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id))
  }, [])
  const show = useCallback((input: ToastInput) => {
    lastId.current += 1
    const toast = {
      ...input,
      duration: input.duration ?? DEFAULT_TOAST_DURATION,
      id: lastId.current,
    }
    setToasts((list) => addToast(list, toast))
    return toast.id
  }, [])
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss])
  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  )
}

// Each type has a coloured edge and a title; colour is never the only signal. Text is ink
// and muted grey on white (both well above 4.5:1).
const EDGE: Record<ToastType, string> = {
  error: 'border-red-700',
  warning: 'border-amber-600',
  success: 'border-pasture-600',
  info: 'border-sky-700',
}

export function ToastViewport({
  toasts,
  onDismiss,
}: {
  toasts: readonly Toast[]
  onDismiss: (id: number) => void
}) {
  // Pointer or keyboard focus over the toasts holds them all: nobody should lose a message
  // while reading it or reaching for its close button.
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const paused = hovered || focused
  // A toast removed under the pointer or with focus inside sends no leave or blur event.
  const empty = toasts.length === 0
  useEffect(() => {
    if (!empty) return
    setHovered(false)
    setFocused(false)
  }, [empty])
  const urgent = toasts.filter((toast) => toast.type === 'error' || toast.type === 'warning')
  const polite = toasts.filter((toast) => toast.type === 'success' || toast.type === 'info')
  const list = (items: readonly Toast[]) =>
    items.map((toast) => (
      <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={onDismiss} />
    ))
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div
        aria-live="assertive"
        role={urgent.length ? 'alert' : undefined}
        className="flex flex-col gap-2"
      >
        {list(urgent)}
      </div>
      <div
        aria-live="polite"
        role={polite.length ? 'status' : undefined}
        className="flex flex-col gap-2"
      >
        {list(polite)}
      </div>
    </section>
  )
}

function ToastItem({
  toast,
  paused,
  onDismiss,
}: {
  toast: Toast
  paused: boolean
  onDismiss: (id: number) => void
}) {
  const remaining = useRef(toast.duration)

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return
    const started = Date.now()
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - started
    }
  }, [paused, toast.id, onDismiss])

  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 bg-white p-4 shadow-lg ${EDGE[toast.type]}`}
    >
      <div className="flex-1">
        <p className="font-semibold text-ink">{toast.title}</p>
        <p className="mt-1 text-sm text-muted">{toast.message}</p>
        {toast.link ? (
          <TextLink
            to={toast.link.to}
            onClick={() => onDismiss(toast.id)}
            size="small"
            className="mt-2 inline-block"
          >
            {toast.link.label}
          </TextLink>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        className="-m-1 rounded p-1 text-muted hover:bg-stone-100 hover:text-ink"
        onClick={() => onDismiss(toast.id)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M5.3 4.3a1 1 0 0 0-1 1.4L8.6 10l-4.3 4.3a1 1 0 1 0 1.4 1.4l4.3-4.3 4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.7 4.3a1 1 0 0 0-.4-.3z" />
        </svg>
      </button>
    </div>
  )
}
