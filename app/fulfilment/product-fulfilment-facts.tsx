import type { FulfilmentFact, FulfilmentFactKind } from './product-fulfilment'

// How and when a product can be had, as a short list near its Add to Cart (issue 22 item 4).
// The icons only decorate: each fact says it in words.

export function FulfilmentFacts({ facts }: { facts: readonly FulfilmentFact[] }) {
  return (
    <section
      aria-labelledby="fulfilment-facts-heading"
      className="mt-6 rounded-lg border border-earth-100 bg-white px-4 py-3"
    >
      <h2 id="fulfilment-facts-heading" className="text-sm font-semibold text-ink">
        How to get it
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {facts.map((fact) => (
          <li key={fact.kind} className="flex gap-3">
            <FactIcon kind={fact.kind} />
            <span>
              <span className="font-semibold text-ink">{fact.text}</span>
              {fact.detail ? <span className="block text-muted">{fact.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

// 24x24 outline icons, drawn in the text colour.
const PATHS: Readonly<Record<FulfilmentFactKind, string>> = {
  // a barn
  pickup: 'M3 10.5 12 4l9 6.5V20H3zM9 20v-6h6v6M9 14l6 6M15 14l-6 6',
  // a delivery van
  delivery:
    'M2 6h11v10H2zM13 9h4.5L21 12.5V16h-8zM5.5 19a1.75 1.75 0 1 0 0-.01M17.5 19a1.75 1.75 0 1 0 0-.01',
  // a parcel
  shipping: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5 12 12l9-4.5M12 12v9',
  // a parcel, struck through
  'not-shipped': 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5 12 12l9-4.5M12 12v9M3 3l18 18',
}

function FactIcon({ kind }: { kind: FulfilmentFactKind }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 shrink-0 text-pasture-700"
    >
      <path d={PATHS[kind]} />
    </svg>
  )
}
