import { getFormProps } from '@conform-to/react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { getFarmBasics } from '~/farm/farm.server'
import { pageMeta } from '~/farm/meta'
import { getAnimalWindow, listSharePickupPlaces } from '~/fulfilment/share-pickup.server'
import { formatOrderNumber } from '~/orders/place-order'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { AdminPageHeader, AdminPanel, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
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
import { FormMessage, TextField } from '~/platform/ui/field'
import { formatCents } from '~/platform/ui/price'
import { SelectField } from '~/platform/ui/select-field'
import {
  AnimalIntentSchema,
  AnimalSchema,
  CollectSchema,
  HangingWeightSchema,
} from '~/shares/admin/animal-form'
import {
  createAnimal,
  enterHangingWeight,
  getAnimal,
  listAnimalShares,
  listShareProducts,
  markBalanceCollected,
  NOT_COLLECTABLE,
  updateAnimal,
} from '~/shares/admin/animals.server'
import { formatPounds, parsePounds } from '~/shares/balance'
import { CutSheetSummary } from '~/shares/cut-sheet-form'
import { BALANCE_AFTER_WEIGHING, balanceStatusLabel, cutSheetStatusLabel } from '~/shares/shares'
import type { Route } from './+types/share-animal'

// One animal sold in shares: /admin/shares/new adds one, /admin/shares/:id edits it, lists its
// shares with their cut sheets, and takes the hanging weight that bills every balance.

const NEW = 'new'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const db = getDb()
  const [products, places] = await Promise.all([listShareProducts(db), listSharePickupPlaces(db)])
  if (params.id === NEW) {
    return { animal: null, pickup: null, shares: [], products, places, saved: false }
  }
  const animal = await getAnimal(db, params.id)
  if (!animal) throw data('No such animal.', { status: 404 })
  const saved = new URL(request.url).searchParams.has('saved')
  const [pickup, shares] = await Promise.all([
    getAnimalWindow(db, animal.id),
    listAnimalShares(db, animal.id),
  ])
  return { animal, pickup, shares, products, places, saved }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const intent = parseSubmission(form, AnimalIntentSchema)
  if (intent.status !== 'success') return replyRefused(intent, 'Unknown action.', 400)

  if (intent.value.intent === 'collect') {
    const submission = parseSubmission(form, CollectSchema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'collect' })
    if (params.id === NEW) throw data('No such animal.', { status: 404 })
    const collected = await markBalanceCollected(db, admin.id, params.id, submission.value.share_id)
    if (!collected) return replyRefused(submission, NOT_COLLECTABLE, 409, { form: 'collect' })
    return replyDone(submission, 'Balance marked paid.', { form: 'collect' })
  }

  if (intent.value.intent === 'weigh') {
    const submission = parseSubmission(form, HangingWeightSchema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'weigh' })
    if (params.id === NEW) throw data('No such animal.', { status: 404 })
    const centiLb = parsePounds(submission.value.hanging_weight) ?? 0
    const farm = await getFarmBasics(db)
    const shop = { farmName: farm.name, baseUrl: getEnv().baseUrl }
    const weighed = await enterHangingWeight(db, admin.id, params.id, centiLb, shop)
    if (!weighed.ok) {
      if (weighed.status === 404) throw data('No such animal.', { status: 404 })
      return replyRefused(submission, weighed.message, weighed.status, { form: 'weigh' })
    }
    const who = weighed.emailed === 1 ? '1 share-holder' : `${weighed.emailed} share-holders`
    return replyDone(
      submission,
      `Hanging weight ${formatPounds(centiLb)} saved. The balance and pickup date were emailed to ${who}.`,
      { form: 'weigh', keep: true },
    )
  }

  const submission = parseSubmission(form, AnimalSchema)
  if (submission.status !== 'success') return replyInvalid(submission, { form: 'save' })
  const saved =
    params.id === NEW
      ? await createAnimal(db, admin.id, submission.value)
      : await updateAnimal(db, admin.id, params.id, submission.value)
  if (!saved.ok) {
    if (saved.status === 404) throw data('No such animal.', { status: 404 })
    const reply = saved.field
      ? submission.reply({ fieldErrors: { [saved.field]: [saved.message] } })
      : submission.reply({ formErrors: [saved.message] })
    return data<FormReply>({ ...reply, form: 'save' }, { status: saved.status })
  }
  if (params.id === NEW) return redirect(`/admin/shares/${saved.id}?saved`)
  return replyDone(submission, `${submission.value.name} saved.`, { form: 'save', keep: true })
}

export default function AdminShareAnimal({ loaderData, actionData }: Route.ComponentProps) {
  const { animal, pickup, shares, products, places, saved } = loaderData
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  const live = shares.filter((share) => !share.cancelled)
  return (
    <>
      <AdminPageHeader
        title={animal ? animal.name : 'New Animal'}
        description={
          animal
            ? `${animal.product_name}: ${animal.hanging_weight_centi_lb === null ? `${animal.units_left} of ${animal.units_total} quarters left` : 'sales closed'}, ${live.length} ${live.length === 1 ? 'share' : 'shares'} sold.`
            : 'An animal sold in shares through a product with Quarter, Half and Whole options. The options’ prices are the deposits.'
        }
        actions={
          <>
            {animal ? (
              <ButtonLink
                to={`/admin/fulfilment?day=${encodeURIComponent(animal.pickup_date)}`}
                variant="secondary"
              >
                Pickup Day in This Week
              </ButtonLink>
            ) : null}
            {animal ? (
              <ButtonLink
                to={`/admin/shares/${animal.id}/print`}
                variant="secondary"
                reloadDocument
              >
                Print Cut Sheets
              </ButtonLink>
            ) : null}
            <Link
              to="/admin/shares"
              className="self-center font-semibold text-pasture-800 underline"
            >
              Back to Beef Shares
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        <AnimalForm
          key={animal ? JSON.stringify(animal) : NEW}
          animal={animal}
          pickup={pickup}
          products={products}
          places={places}
          reply={actionData?.form === 'save' ? actionData : undefined}
          saved={saved}
          submitting={submitting}
        />
        {animal ? (
          <>
            <HangingWeightForm
              weighed={animal.hanging_weight_centi_lb}
              reply={actionData?.form === 'weigh' ? actionData : undefined}
              submitting={submitting}
              shares={live.length}
            />
            <AdminPanel title="Shares and Cut Sheets">
              {actionData?.form === 'collect' ? (
                <div className="mb-4">
                  <FormMessage tone={actionData.status === 'success' ? 'success' : 'error'}>
                    {actionData.status === 'success'
                      ? actionData.message
                      : actionData.error?.['']?.[0]}
                  </FormMessage>
                </div>
              ) : null}
              {shares.length === 0 ? (
                <EmptyState>No shares sold yet.</EmptyState>
              ) : (
                <ShareTable shares={shares} submitting={submitting} />
              )}
            </AdminPanel>
          </>
        ) : null}
      </div>
    </>
  )
}

type LoaderAnimal = NonNullable<Route.ComponentProps['loaderData']['animal']>

type LoaderPickup = Route.ComponentProps['loaderData']['pickup']

function AnimalForm({
  animal,
  pickup,
  products,
  places,
  reply,
  saved,
  submitting,
}: {
  animal: LoaderAnimal | null
  pickup: LoaderPickup
  products: ReadonlyArray<{ id: string; name: string }>
  places: ReadonlyArray<{ id: string; name: string }>
  reply: FormReply | undefined
  saved: boolean
  submitting: boolean
}) {
  const [form, fields] = useSchemaForm(AnimalSchema, {
    id: 'animal',
    lastResult: reply,
    defaultValue: animal
      ? {
          name: animal.name,
          product_id: animal.product_id,
          price_per_lb: centsToDollarsInput(animal.price_per_lb_hanging_cents),
          processing_fee: centsToDollarsInput(animal.processing_fee_cents),
          cut_sheet_cutoff: animal.cut_sheet_cutoff,
          pickup_date: animal.pickup_date,
          pickup_place_id: pickup?.placeId ?? '',
          pickup_start: pickup?.startTime ?? '',
          pickup_end: pickup?.endTime ?? '',
          pickup_capacity: pickup?.capacity === null ? '' : String(pickup?.capacity ?? ''),
        }
      : { pickup_place_id: places.length === 1 ? (places[0]?.id ?? '') : '' },
  })
  const failed = Object.keys(form.allErrors).length > 0
  const success = reply?.status === 'success' ? reply.message : saved ? 'Animal saved.' : null
  return (
    <AdminPanel title="Animal">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {failed ? (
          <FormMessage tone="error">
            {form.errors?.[0] ?? 'Please fix the fields marked below.'}
          </FormMessage>
        ) : success ? (
          <FormMessage tone="success">{success}</FormMessage>
        ) : null}
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            field={fields.name}
            hint='As customers see it, like "Steer #14".'
          />
          {animal ? (
            <div>
              <p className="text-sm font-semibold text-ink">Share product</p>
              <p className="mt-2 text-ink">{animal.product_name}</p>
              <input type="hidden" name={fields.product_id.name} value={animal.product_id} />
            </div>
          ) : (
            <SelectField
              label="Share product"
              field={fields.product_id}
              placeholder="Choose a product"
              options={products.map((product) => ({ value: product.id, label: product.name }))}
            />
          )}
          <TextField
            label="Price per lb of hanging weight ($)"
            field={fields.price_per_lb}
            inputMode="decimal"
          />
          <TextField
            label="Processing fee per quarter ($)"
            field={fields.processing_fee}
            inputMode="decimal"
            hint="A half pays it twice, a whole four times."
          />
          <TextField
            label="Cut sheet cut-off"
            field={fields.cut_sheet_cutoff}
            type="date"
            hint="Customers can change their cut sheets until the end of this day, Idaho time."
          />
          <TextField
            label="Pickup date"
            field={fields.pickup_date}
            type="date"
            hint="Shares are collected on this day only, not in the weekly pickup windows."
          />
          <SelectField
            label="Pickup place"
            field={fields.pickup_place_id}
            placeholder="Choose a place"
            options={places.map((place) => ({ value: place.id, label: place.name }))}
          />
          <TextField label="Pickup starts" field={fields.pickup_start} type="time" />
          <TextField label="Pickup ends" field={fields.pickup_end} type="time" />
          <TextField
            label="Shares collected at most (optional)"
            field={fields.pickup_capacity}
            inputMode="numeric"
            hint="Orders that can be collected in this pickup; empty for no limit."
          />
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving...' : animal ? 'Save Animal' : 'Add Animal'}
        </Button>
      </Form>
    </AdminPanel>
  )
}

function HangingWeightForm({
  weighed,
  reply,
  submitting,
  shares,
}: {
  weighed: number | null
  reply: FormReply | undefined
  submitting: boolean
  shares: number
}) {
  const [form, fields] = useSchemaForm(HangingWeightSchema, {
    id: 'hanging-weight',
    lastResult: reply,
    defaultValue: weighed === null ? undefined : { hanging_weight: String(weighed / 100) },
  })
  const failed = Object.keys(form.allErrors).length > 0
  return (
    <AdminPanel title="Hanging Weight">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {failed ? (
          <FormMessage tone="error">{form.errors?.[0] ?? 'Please fix the weight.'}</FormMessage>
        ) : reply?.status === 'success' ? (
          <FormMessage tone="success">{reply.message}</FormMessage>
        ) : null}
        <p className="text-sm text-muted">
          {weighed === null
            ? `Saving it closes sales, works out every share's balance and emails the ${shares === 1 ? 'share-holder' : `${shares} share-holders`} their balance, a link to pay by card or at pickup, and the pickup date.`
            : `Weighed at ${formatPounds(weighed)}. A correction recomputes the balances and emails everyone again, until a balance has been paid.`}
        </p>
        <input type="hidden" name="intent" value="weigh" />
        <TextField
          label="Hanging weight (lb)"
          field={fields.hanging_weight}
          inputMode="decimal"
          className="max-w-xs"
        />
        <Button type="submit" disabled={submitting}>
          {weighed === null ? 'Save Weight and Email Balances' : 'Correct Weight'}
        </Button>
      </Form>
    </AdminPanel>
  )
}

type LoaderShare = Route.ComponentProps['loaderData']['shares'][number]

function ShareTable({
  shares,
  submitting,
}: {
  shares: readonly LoaderShare[]
  submitting: boolean
}) {
  return (
    <div className="space-y-4">
      <AdminTable caption="Shares">
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Order</th>
            <th scope="col">Share</th>
            <th scope="col">Deposit</th>
            <th scope="col">Balance</th>
            <th scope="col">Cut sheet</th>
          </tr>
        </thead>
        <tbody>
          {shares.map((share) => (
            <tr key={share.id} className={share.cancelled ? 'text-muted' : undefined}>
              <td>
                {share.first_name} {share.last_name}
                <br />
                <span className="text-muted">{share.email}</span>
              </td>
              <td>
                <Link to={`/admin/orders/${share.order_id}`} className="text-pasture-800 underline">
                  {formatOrderNumber(share.order_number)}
                </Link>
              </td>
              <td>{share.cancelled ? `${share.size} (cancelled)` : share.size}</td>
              <td>{formatCents(share.deposit_cents)}</td>
              <td>
                {share.balance_cents === null || share.due_cents === null ? (
                  BALANCE_AFTER_WEIGHING
                ) : (
                  <>
                    {formatCents(share.due_cents)}, {balanceStatusLabel(share.balance_status)}
                    <br />
                    <span className="text-muted">
                      {formatCents(share.balance_cents)} +{' '}
                      {formatCents(share.balance_tax_cents ?? 0)} tax
                    </span>
                  </>
                )}
                {share.balance_cents !== null &&
                share.balance_cents > 0 &&
                share.balance_status !== 'paid' &&
                !share.cancelled ? (
                  <Form method="post" className="mt-1">
                    <input type="hidden" name="intent" value="collect" />
                    <input type="hidden" name="share_id" value={share.id} />
                    <Button type="submit" variant="secondary" size="small" disabled={submitting}>
                      Mark Paid
                      <span className="sr-only">
                        {' '}
                        for {share.first_name} {share.last_name}
                      </span>
                    </Button>
                  </Form>
                ) : null}
              </td>
              <td>{cutSheetStatusLabel(share.cut_sheet !== null)}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      {shares
        .filter((share) => share.cut_sheet && !share.cancelled)
        .map((share) => (
          <section
            key={share.id}
            aria-label={`Cut sheet of ${share.first_name} ${share.last_name}`}
            className="rounded-md border border-earth-100 p-4 text-sm"
          >
            <h3 className="mb-2 font-semibold text-ink">
              {share.first_name} {share.last_name}: {share.size}
            </h3>
            {share.cut_sheet ? <CutSheetSummary sheet={share.cut_sheet} /> : null}
          </section>
        ))}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches, { title: loaded?.animal ? loaded.animal.name : 'New Animal' })
