import { data } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { getFarmBasics } from '~/farm/farm.server'
import { pageMeta } from '~/farm/meta'
import { formatOrderNumber } from '~/orders/place-order'
import { PrintButton } from '~/platform/admin/ui/print-button'
import { getDb } from '~/platform/db/db.server'
import { formatDay } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import { listAnimalShares } from '~/shares/admin/animal-shares.server'
import { getAnimal } from '~/shares/admin/animals.server'
import { formatPounds } from '~/shares/balance'
import { CutSheetSummary } from '~/shares/cut-sheet-form'
import type { Route } from './+types/share-print'

// The butcher's copy (ADR 31): one animal's live shares, each with its cut sheet, one share
// to a block that never splits across pages. Outside the admin frame; no prices.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const db = getDb()
  const animal = await getAnimal(db, params.id)
  if (!animal) throw data('No such animal.', { status: 404 })
  const shares = (await listAnimalShares(db, animal.id)).filter((share) => !share.cancelled)
  const farm = await getFarmBasics(db)
  return { animal, shares, farmName: farm.name }
}

const PRINT_CSS =
  '@media print { body > header, body > footer, body > a { display: none !important; } }'

export default function SharePrint({ loaderData }: Route.ComponentProps) {
  const { animal, shares, farmName } = loaderData
  return (
    <article className="mx-auto max-w-3xl bg-white px-6 py-8 text-ink print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <ButtonLink to={`/admin/shares/${animal.id}`} variant="secondary">
          Back to {animal.name}
        </ButtonLink>
        <PrintButton />
      </div>
      <header className="border-b-2 border-ink pb-4">
        <p className="font-display text-xl font-bold">{farmName}</p>
        <h1 className="font-display text-2xl font-bold">Cut Sheets: {animal.name}</h1>
        <p>
          {shares.length} {shares.length === 1 ? 'share' : 'shares'}
          {animal.hanging_weight_centi_lb === null
            ? ''
            : `, hanging weight ${formatPounds(animal.hanging_weight_centi_lb)}`}
          . Pickup {formatDay(animal.pickup_date)}.
        </p>
      </header>
      {shares.length === 0 ? <p className="mt-6">No shares sold.</p> : null}
      {shares.map((share) => (
        <section
          key={share.id}
          aria-label={`${share.size} share for ${share.first_name} ${share.last_name}`}
          className="mt-6 break-inside-avoid border-b border-stone-300 pb-6"
        >
          <h2 className="font-display text-xl font-bold">
            {share.size}: {share.first_name} {share.last_name}
          </h2>
          <p className="mb-3">
            Order {formatOrderNumber(share.order_number)} · {share.phone}
          </p>
          {share.cut_sheet ? (
            <CutSheetSummary sheet={share.cut_sheet} />
          ) : (
            <p className="font-semibold">No cut sheet: cut the farm’s standard way.</p>
          )}
        </section>
      ))}
    </article>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Cut Sheets: ${loaderData.animal.name}` : 'Animal Not Found',
  })
