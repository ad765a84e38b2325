import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { addClosedDate, deleteClosedDate, loadSetup } from '~/fulfilment/admin/setup.server'
import {
  ClosedDateSchema,
  DeleteClosedDateSchema,
  describeWindow,
} from '~/fulfilment/admin/setup-forms'
import { ResultMessage, replyFor } from '~/fulfilment/admin/setup-ui'
import { replyFieldRefused } from '~/platform/admin/image-field.server'
import { AdminPageHeader, AdminPanel, EmptyState } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { formatDay } from '~/platform/farm-clock'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  replyRefused,
  useSchemaForm,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button, ButtonLink } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { formatCents } from '~/platform/ui/price'
import { SelectField } from '~/platform/ui/select-field'
import type { Route } from './+types/fulfilment-setup'

// How the farm sells (issue 16 item 1): pickup places and their windows, delivery zones and
// their days, closed dates. Each place and zone has its own page; closed dates are added here.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadSetup(getDb())
}

// Two forms post here: "Close this date" and each closed date's "Open again" button.
const IntentSchema = z.enum(['add-closed-date', 'delete-closed-date'])

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  if (IntentSchema.safeParse(form.get('intent')).data === 'delete-closed-date') {
    const submission = parseSubmission(form, DeleteClosedDateSchema)
    const list = { form: 'closed-list' }
    if (
      submission.status !== 'success' ||
      !(await deleteClosedDate(db, admin.id, submission.value.id))
    ) {
      return replyRefused(submission, 'That date is no longer in the list.', 404, list)
    }
    return replyDone(submission, 'The date is open again.', list)
  }
  const submission = parseSubmission(form, ClosedDateSchema)
  if (submission.status !== 'success') return replyInvalid(submission, { form: 'closed' })
  if (!(await addClosedDate(db, admin.id, submission.value))) {
    // A place or zone removed since the page loaded.
    return replyFieldRefused(submission, { scope: 'Choose what is closed.' }, { form: 'closed' })
  }
  return replyDone(submission, 'The date was closed.', { form: 'closed' })
}

export default function FulfilmentSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { places, zones, closed, thisYear } = loaderData
  const ownerName = (row: { place_id: string | null; zone_id: string | null }) =>
    places.find((p) => p.id === row.place_id)?.name ??
    zones.find((z) => z.id === row.zone_id)?.name ??
    'The whole farm'
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Pickups and deliveries"
        description="Where and when shoppers get their orders. Checkout offers what is on here."
        actions={
          <ButtonLink to="/admin/fulfilment" variant="secondary">
            Back to This week
          </ButtonLink>
        }
      />
      <ResultMessage reply={actionData} />
      <AdminPanel title="Pickup places">
        {places.length === 0 ? <EmptyState>No pickup places yet.</EmptyState> : null}
        <ul className="space-y-3">
          {places.map((place) => (
            <li key={place.id} className="rounded-md border border-earth-100 p-3">
              <TextLink to={`/admin/fulfilment/places/${place.id}`}>{place.name}</TextLink>
              {place.is_active ? '' : ' (off)'}
              <p className="text-sm text-muted">{place.address}</p>
              <ul className="mt-1 text-sm">
                {place.windows.length === 0 ? (
                  <li>No pickup windows yet.</li>
                ) : (
                  place.windows.map((w) => <li key={w.id}>{describeWindow(w)}</li>)
                )}
              </ul>
            </li>
          ))}
        </ul>
        <ButtonLink to="/admin/fulfilment/places/new" className="mt-4">
          Add a pickup place
        </ButtonLink>
      </AdminPanel>
      <AdminPanel title="Local delivery zones">
        {zones.length === 0 ? (
          <EmptyState>No delivery zones: the farm does not deliver.</EmptyState>
        ) : null}
        <ul className="space-y-3">
          {zones.map((zone) => (
            <li key={zone.id} className="rounded-md border border-earth-100 p-3">
              <TextLink to={`/admin/fulfilment/zones/${zone.id}`}>{zone.name}</TextLink>
              {zone.is_active ? '' : ' (off)'}
              <p className="text-sm text-muted">
                ZIP codes {zone.zip_codes} · {formatCents(zone.fee_cents)}
              </p>
              <ul className="mt-1 text-sm">
                {zone.windows.length === 0 ? (
                  <li>No delivery days yet.</li>
                ) : (
                  zone.windows.map((w) => <li key={w.id}>{describeWindow(w)}</li>)
                )}
              </ul>
            </li>
          ))}
        </ul>
        <ButtonLink to="/admin/fulfilment/zones/new" className="mt-4">
          Add a delivery zone
        </ButtonLink>
      </AdminPanel>
      <AdminPanel title="Closed dates">
        {closed.length === 0 ? (
          <p className="text-muted">No closed dates ahead.</p>
        ) : (
          <ul className="space-y-2">
            {closed.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {formatDay(row.on_date, thisYear)}: {ownerName(row)}
                  {row.note ? ` (${row.note})` : ''}
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={row.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="delete-closed-date"
                    variant="secondary"
                    aria-label={`Open ${formatDay(row.on_date, thisYear)} again`}
                  >
                    Open again
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <ClosedDateForm
          reply={replyFor(actionData, 'closed')}
          scopes={[
            { value: 'farm', label: 'The whole farm' },
            ...places.map((p) => ({ value: `place:${p.id}`, label: p.name })),
            ...zones.map((z) => ({ value: `zone:${z.id}`, label: z.name })),
          ]}
        />
      </AdminPanel>
    </div>
  )
}

function ClosedDateForm({
  reply,
  scopes,
}: {
  reply: FormReply | undefined
  scopes: { value: string; label: string }[]
}) {
  const [form, fields] = useSchemaForm(ClosedDateSchema, {
    id: 'closed',
    lastResult: reply,
    defaultValue: { scope: 'farm' },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="intent" value="add-closed-date" />
      <TextField label="Closed date" field={fields.on_date} type="date" />
      <SelectField label="What is closed" field={fields.scope} options={scopes} />
      <TextField label="Note (optional)" field={fields.note} />
      <div>
        <Button type="submit">Close this date</Button>
      </div>
    </Form>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Pickups and deliveries' })
