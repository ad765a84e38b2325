import { formatDay } from '~/platform/farm-clock'
import { TextLink } from '~/platform/ui/link'

// On the customer's order page: each beef share in the order, with the way to its cut sheet.

export type ShareLink = {
  id: string
  animalName: string
  size: string
  cutoff: string
  filled: boolean
}

export function ShareCutSheetLinks({ shares }: { shares: readonly ShareLink[] }) {
  if (shares.length === 0) return null
  return (
    <section
      aria-labelledby="shares-heading"
      className="rounded-lg border border-earth-100 bg-white p-6"
    >
      <h2 id="shares-heading" className="font-display text-xl font-bold text-ink">
        Beef Shares
      </h2>
      <ul className="mt-3 space-y-3">
        {shares.map((share) => (
          <li key={share.id} className="text-ink">
            <p>
              {share.size} share of {share.animalName}:{' '}
              {share.filled ? 'cut sheet filled in.' : 'cut sheet not filled in yet.'} Cut-off:{' '}
              {formatDay(share.cutoff)}.
            </p>
            <TextLink to={`/account/shares/${share.id}/cut-sheet`}>
              {share.filled ? 'View or change the cut sheet' : 'Fill in the cut sheet'}
              <span className="sr-only">
                {' '}
                for the {share.size.toLowerCase()} share of {share.animalName}
              </span>
            </TextLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
