import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getZone } from '~/fulfilment/admin/setup.server'
import { loadOwner, OWNERS, ownerAction } from '~/fulfilment/admin/setup-actions.server'
import { ZoneSchema } from '~/fulfilment/admin/setup-forms'
import { OwnerPage } from '~/fulfilment/admin/setup-ui'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { TextField } from '~/platform/ui/field'
import type { Route } from './+types/fulfilment-zone'

// A local delivery zone (/admin/fulfilment/zones/new or /:id): its ZIP codes, fee, free-delivery
// amount, minimum order, and its delivery days. The page and its action are the pickup place's
// (fulfilment-place.tsx) with other details.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { zone: await loadOwner(params.id, getZone) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return ownerAction(request, admin, params.id, OWNERS.zone)
}

export default function DeliveryZone({ loaderData, actionData }: Route.ComponentProps) {
  const { zone } = loaderData
  return (
    <OwnerPage
      key={zone?.id ?? 'new'}
      kind="zone"
      name={zone?.name}
      schema={ZoneSchema}
      defaultValue={{
        name: zone?.name ?? '',
        zip_codes: zone?.zip_codes ?? '',
        fee: zone ? centsToDollarsInput(zone.fee_cents) : '',
        free_over:
          zone?.free_over_cents !== null && zone?.free_over_cents !== undefined
            ? centsToDollarsInput(zone.free_over_cents)
            : '',
        minimum: zone ? centsToDollarsInput(zone.minimum_cents) : '0.00',
        is_active: (zone?.is_active ?? true) ? 'on' : '',
      }}
      fields={(fields) => (
        <>
          <TextField label="Name" field={fields.name} />
          <TextField
            label="ZIP codes"
            field={fields.zip_codes}
            hint="Codes and ranges, like 83702-83706, 83714"
          />
          <TextField label="Delivery fee ($)" field={fields.fee} inputMode="decimal" />
          <TextField
            label="Free delivery from ($, optional)"
            field={fields.free_over}
            inputMode="decimal"
          />
          <TextField label="Minimum order ($)" field={fields.minimum} inputMode="decimal" />
        </>
      )}
      windows={zone?.windows ?? null}
      reply={actionData}
    />
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.zone?.name ?? 'New delivery zone' })
