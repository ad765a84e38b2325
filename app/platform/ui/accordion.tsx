import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'

// An accordion with one panel open at a time that works before and without JavaScript.
// The server renders <details name="..."> elements: native, keyboard-accessible, and exclusive
// in current browsers because they share a name. Once React runs, they become the ARIA
// accordion pattern (a heading holding a button with aria-expanded/aria-controls, and a
// labelled region), keeping whichever panel was opened before hydration.

export type AccordionItem = { id: string; title: string; content: ReactNode }

type Props = {
  items: ReadonlyArray<AccordionItem>
  /** Groups the <details> elements so opening one closes the others */
  name: string
  headingLevel?: 2 | 3 | 4
}

const rowClass =
  'flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-earth-50'

function Chevron({ open }: { open?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`h-5 w-5 shrink-0 text-pasture-700 transition-transform group-open:rotate-180 ${open ? 'rotate-180' : ''}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="m5 8 5 5 5-5" />
    </svg>
  )
}

export function Accordion({ items, name, headingLevel = 3 }: Props) {
  const baseId = useId()
  const list = useRef<HTMLDivElement>(null)
  const [enhanced, setEnhanced] = useState(false)
  const [openId, setOpenId] = useState<string | null>(null)

  useEffect(() => {
    const opened = list.current?.querySelector<HTMLElement>('details[open]')?.dataset.item
    if (opened) setOpenId(opened)
    setEnhanced(true)
  }, [])

  const Heading = `h${headingLevel}` as const

  // Up/Down/Home/End move between the headers (the pattern's optional keys).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = Array.from(
      list.current?.querySelectorAll<HTMLButtonElement>('button[aria-controls]') ?? [],
    )
    const index = buttons.indexOf(event.currentTarget)
    const target =
      event.key === 'ArrowDown'
        ? buttons[(index + 1) % buttons.length]
        : event.key === 'ArrowUp'
          ? buttons[(index - 1 + buttons.length) % buttons.length]
          : event.key === 'Home'
            ? buttons[0]
            : event.key === 'End'
              ? buttons[buttons.length - 1]
              : undefined
    if (!target) return
    event.preventDefault()
    target.focus()
  }

  return (
    <div
      ref={list}
      className="divide-y divide-earth-100 overflow-hidden rounded-lg border border-earth-100 bg-white"
    >
      {items.map((item) => {
        const buttonId = `${baseId}-${item.id}-button`
        const panelId = `${baseId}-${item.id}-panel`
        if (!enhanced) {
          return (
            <details key={item.id} name={name} data-item={item.id} className="group">
              <summary
                className={`${rowClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
              >
                {item.title}
                <Chevron />
              </summary>
              <div className="px-5 pb-5 text-muted">{item.content}</div>
            </details>
          )
        }
        const open = openId === item.id
        return (
          <div key={item.id}>
            <Heading className="m-0 text-base">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={onKeyDown}
                className={rowClass}
              >
                {item.title}
                <Chevron open={open} />
              </button>
            </Heading>
            {/* A named section is a region: the pattern's panel role. */}
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-muted"
            >
              {item.content}
            </section>
          </div>
        )
      })}
    </div>
  )
}
