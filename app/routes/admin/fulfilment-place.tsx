import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getPlace } from '~/fulfilment/admin/setup.server'
import { loadOwner, OWNERS, ownerAction } from '~/fulfilment/admin/setup-actions.server'
import { PlaceSchema } from '~/fulfilment/admin/setup-forms'
import { OwnerPage } from '~/fulfilment/admin/setup-ui'
import { TextField } from '~/platform/ui/field'
import { TextAreaField } from '~/platform/ui/text-area-field'
import type { Route } from './+types/fulfilment-place'

// A pickup place (/admin/fulfilment/places/new or /:id): its details and its windows. The page
// and its action are the delivery zone's (fulfilment-zone.tsx) with other details.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { place: await loadOwner(params.id, getPlace) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return ownerAction(request, admin, params.id, OWNERS.place)
}

export default function PickupPlace({ loaderData, actionData }: Route.ComponentProps) {
  const { place } = loaderData
  return (
    <OwnerPage
      key={place?.id ?? 'new'}
      kind="place"
      name={place?.name}
      schema={PlaceSchema}
      defaultValue={{
        name: place?.name ?? '',
        address: place?.address ?? '',
        instructions: place?.instructions ?? '',
        map_url: place?.map_url ?? '',
        is_active: (place?.is_active ?? true) ? 'on' : '',
      }}
      fields={(fields) => (
        <>
          <TextField label="Name" field={fields.name} />
          <TextField label="Address" field={fields.address} />
          <TextAreaField
            label="Instructions for shoppers"
            field={fields.instructions}
            className="sm:col-span-2"
          />
          <TextField
            label="Map link (optional)"
            field={fields.map_url}
            type="url"
            className="sm:col-span-2"
          />
        </>
      )}
      windows={place?.windows ?? null}
      reply={actionData}
    />
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.place?.name ?? 'New pickup place' })
