import { Link } from 'react-router'

// A list's status filter as a row of links with counts ("Unread (3)"): one click, no form,
// works without JavaScript, and the current one is marked for screen readers.

export type FilterTab = { value: string; label: string; count?: number }

export function FilterTabs({
  label,
  tabs,
  current,
  hrefFor,
}: {
  /** What the tabs choose between, for the nav landmark: "Message folders" */
  label: string
  tabs: readonly FilterTab[]
  current: string
  hrefFor: (value: string) => string
}) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const active = tab.value === current
          return (
            <li key={tab.value}>
              <Link
                to={hrefFor(tab.value)}
                aria-current={active ? 'page' : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  active
                    ? 'border-pasture-700 bg-pasture-700 text-white'
                    : 'border-stone-500 bg-white text-ink hover:bg-earth-50'
                }`}
              >
                {tab.label}
                {tab.count === undefined ? '' : ` (${tab.count})`}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
