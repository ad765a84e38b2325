import type { ReactNode } from 'react'
import { Heading } from '~/platform/ui/heading'

/** The top of every admin page: one h1, an optional line of help, actions on the right. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <Heading level={1} size="small" className="sm:text-3xl">
          {title}
        </Heading>
        {description ? <p className="mt-1 text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  )
}

/** A titled white panel: the unit admin pages are built from. */
export function AdminPanel({
  title,
  children,
  className = '',
}: {
  title?: string
  children: ReactNode
  className?: string
}) {
  return (
    <section className={`rounded-lg border border-earth-100 bg-white p-5 ${className}`}>
      {title ? <h2 className="mb-4 font-display text-lg font-bold text-ink">{title}</h2> : null}
      {children}
    </section>
  )
}

const TABLE_CLASS =
  'w-full min-w-[36rem] border-collapse text-left text-sm [&_td]:border-t [&_td]:border-earth-100 [&_tbody_th]:border-t [&_tbody_th]:border-earth-100 [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_thead_th]:bg-earth-50'

/** A table that scrolls sideways on a phone instead of squeezing; the caption names it. */
export function AdminTable({
  caption,
  tableClassName = TABLE_CLASS,
  children,
}: {
  caption: string
  /** The table's own look, for a list that turns into cards on a phone (./list.tsx). */
  tableClassName?: string
  children: ReactNode
}) {
  return (
    // `relative` keeps visually hidden labels inside the box: positioned against the page, they
    // would widen it on a phone (issue 17).
    // A named section is a region landmark.
    <section
      aria-label={caption}
      className="relative overflow-x-auto rounded-lg border border-earth-100 bg-white"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
    >
      <table className={tableClassName}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  )
}

/**
 * For an email, URL or token in a table cell. `anywhere` breaks a long word only where it must
 * (unlike `break-all`, which splits every address mid-word), and the minimum width keeps room for
 * an everyday address: a phone's narrow scroll box would otherwise squeeze the column to one
 * letter a line (issue 17).
 */
export const longTextCellClass = 'min-w-56 wrap-anywhere'

/** Shown in place of a table with no rows. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-earth-600/40 bg-white p-6 text-center text-muted">
      {children}
    </p>
  )
}
