import { TextLink } from '~/platform/ui/link'

// Who grows a product and what the farm promises (issue 22 item 4): the promise is the farm's
// own words from Content ("Our promise"); without them only who grows it is shown.

export function FarmPromise({ farmName, promise }: { farmName: string; promise: string | null }) {
  return (
    <section
      aria-labelledby="farm-promise-heading"
      className="mt-6 border-l-4 border-pasture-700 bg-pasture-50 px-4 py-3 text-sm"
    >
      <h2 id="farm-promise-heading" className="font-semibold text-ink">
        Grown and packed by <TextLink to="/about">{farmName}</TextLink>
      </h2>
      {promise ? <p className="mt-1 text-ink">{promise}</p> : null}
    </section>
  )
}
