import { useEffect, useMemo, useRef } from 'react'
import { data, Form, isRouteErrorResponse, Link, useNavigation } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '~/customers/addresses.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { type FieldErrors, parseForm, readForm } from '~/platform/forms/form-data'
import { Button, ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { SelectField } from '~/platform/ui/select-field'
import { useClientValidation } from '~/platform/ui/use-client-validation'
import {
  ADDRESS_NOT_FOUND,
  addressActionSchema,
  addressSchema,
  stateName,
} from '~/platform/us-address'
import { listStatesOffered } from '~/settings/settings.server'
import type { Route } from './+types/addresses'

const PAGE = '/account/addresses'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const [addresses, states] = await Promise.all([listAddresses(db, user.id), listStatesOffered(db)])
  const editId = new URL(request.url).searchParams.get('edit')
  const editing = editId ? (addresses.find((address) => address.id === editId) ?? null) : null
  if (editId && !editing) throw data(null, { status: 404 })
  return { addresses, states, editing }
}

const FORM_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'street',
  'apartment',
  'city',
  'state',
  'zipCode',
  'phone',
  'isDefault',
] as const
type FormValues = Partial<Record<(typeof FORM_FIELDS)[number], string>>

type ActionResult =
  | { ok: true; intent: 'save' | 'delete' | 'make-default'; message: string }
  | { ok: false; fieldErrors: FieldErrors; values?: FormValues }

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const form = await readForm(request)
  const result = parseForm(addressActionSchema(await listStatesOffered(db)), form)
  if (!result.ok) {
    // Sent back so a page without JavaScript shows what was typed, not a blank form.
    let values: FormValues | undefined
    if (form.get('intent') === 'save') {
      values = {}
      for (const name of FORM_FIELDS) {
        const value = form.get(name)
        if (typeof value === 'string') values[name] = value.slice(0, 200)
      }
    }
    return data<ActionResult>({ ok: false, fieldErrors: result.fieldErrors, values }, 400)
  }
  const input = result.data
  const notFound = () =>
    data<ActionResult>({ ok: false, fieldErrors: { form: ADDRESS_NOT_FOUND } }, 404)
  switch (input.intent) {
    case 'save': {
      const saved = input.id
        ? await updateAddress(db, user.id, input.id, input)
        : await createAddress(db, user.id, input)
      return saved
        ? data<ActionResult>({ ok: true, intent: 'save', message: 'Address saved.' })
        : notFound()
    }
    case 'delete':
      return (await deleteAddress(db, user.id, input.id))
        ? data<ActionResult>({ ok: true, intent: 'delete', message: 'Address deleted.' })
        : notFound()
    case 'make-default':
      return (await setDefaultAddress(db, user.id, input.id))
        ? data<ActionResult>({
            ok: true,
            intent: 'make-default',
            message: 'Default address updated.',
          })
        : notFound()
  }
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, states, editing } = loaderData
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' ? navigation.formData : undefined
  const pendingIntent = pending?.get('intent')
  const pendingId = pending?.get('id')

  const schema = useMemo(() => addressSchema(states), [states])
  const failed = actionData && !actionData.ok ? actionData : null
  // A failed save keeps its values (and which address it was editing).
  const values: FormValues = failed?.values ?? (editing ? valuesOf(editing) : {})
  const editingId = failed?.values ? failed.values.id || null : (editing?.id ?? null)
  // Switching to another address (or to a new one) starts without old complaints.
  const { errors: clientErrors, onSubmit } = useClientValidation(schema, editingId)
  const errors = clientErrors ?? failed?.fieldErrors ?? {}
  const editingDefault = addresses.some((a) => a.id === editingId && a.is_default)
  const success = actionData?.ok ? actionData.message : null

  // After a successful save the form is ready for the next address.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (actionData?.ok && actionData.intent === 'save') formRef.current?.reset()
  }, [actionData])

  const stateOptions = states.map((code) => ({ value: code, label: stateName(code) }))

  return (
    <div className="space-y-8">
      <Heading level={1}>Addresses</Heading>
      {success && !clientErrors ? <FormMessage tone="success">{success}</FormMessage> : null}
      <FormMessage tone="error">
        {errors.form ??
          errors.id ??
          (errors.intent ? 'Please check your input and try again.' : null)}
      </FormMessage>

      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading" className="font-display text-xl font-bold text-ink">
          Saved Addresses
        </h2>
        {addresses.length === 0 ? (
          <p className="mt-4 text-muted">You have no saved addresses yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {addresses.map((address) => (
              <li
                key={address.id}
                className="flex flex-col rounded-lg border border-earth-100 bg-white p-5"
              >
                <div className="flex items-start justify-between gap-2">
                  <p className="font-semibold text-ink">
                    {address.first_name} {address.last_name}
                  </p>
                  {address.is_default ? (
                    <span className="rounded-full bg-pasture-50 px-2.5 py-0.5 text-xs font-semibold text-pasture-800">
                      Default
                    </span>
                  ) : null}
                </div>
                <address className="mt-2 flex-1 text-sm not-italic text-ink">
                  {address.street}
                  {address.apartment ? (
                    <>
                      <br />
                      {address.apartment}
                    </>
                  ) : null}
                  <br />
                  {address.city}, {stateName(address.state)} {address.zip_code}
                  {address.phone ? (
                    <>
                      <br />
                      {address.phone}
                    </>
                  ) : null}
                </address>
                <div className="mt-4 flex flex-wrap gap-2">
                  <ButtonLink
                    to={`${PAGE}?edit=${encodeURIComponent(address.id)}`}
                    variant="outline"
                    size="medium"
                  >
                    Edit<span className="sr-only"> address at {address.street}</span>
                  </ButtonLink>
                  <Form method="post" action={PAGE}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={address.id} />
                    <Button type="submit" variant="outline" size="medium">
                      {pendingIntent === 'delete' && pendingId === address.id
                        ? 'Deleting...'
                        : 'Delete'}
                      <span className="sr-only"> address at {address.street}</span>
                    </Button>
                  </Form>
                  {address.is_default ? null : (
                    <Form method="post" action={PAGE}>
                      <input type="hidden" name="intent" value="make-default" />
                      <input type="hidden" name="id" value={address.id} />
                      <Button type="submit" variant="outline" size="medium">
                        {pendingIntent === 'make-default' && pendingId === address.id
                          ? 'Saving...'
                          : 'Make Default'}
                        <span className="sr-only"> for the address at {address.street}</span>
                      </Button>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="address-form-heading"
        className="rounded-lg border border-earth-100 bg-white p-6"
      >
        <h2 id="address-form-heading" className="font-display text-xl font-bold text-ink">
          {editingId ? 'Edit Address' : 'Add Address'}
        </h2>
        <Form
          key={editingId ?? 'new'}
          ref={formRef}
          method="post"
          action={PAGE}
          noValidate
          onSubmit={onSubmit}
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="save" />
          {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={values.firstName}
              error={errors.firstName}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={100}
              defaultValue={values.lastName}
              error={errors.lastName}
            />
          </div>
          <TextField
            label="Street address"
            name="street"
            autoComplete="address-line1"
            required
            maxLength={200}
            defaultValue={values.street}
            error={errors.street}
          />
          <TextField
            label="Apartment, suite, etc. (optional)"
            name="apartment"
            autoComplete="address-line2"
            maxLength={100}
            defaultValue={values.apartment}
            error={errors.apartment}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="City"
              name="city"
              autoComplete="address-level2"
              required
              maxLength={100}
              defaultValue={values.city}
              error={errors.city}
            />
            <SelectField
              label="State"
              name="state"
              autoComplete="address-level1"
              required
              placeholder="Select a state"
              options={stateOptions}
              defaultValue={values.state ?? (states.length === 1 ? states[0] : '')}
              error={errors.state}
            />
            <TextField
              label="ZIP code"
              name="zipCode"
              autoComplete="postal-code"
              inputMode="numeric"
              required
              maxLength={10}
              defaultValue={values.zipCode}
              error={errors.zipCode}
            />
          </div>
          <TextField
            label="Phone (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={20}
            defaultValue={values.phone}
            error={errors.phone}
          />
          {editingDefault ? (
            <p className="text-sm text-muted">
              This is your default address. To change the default, choose Make Default on another
              address.
            </p>
          ) : (
            <CheckboxField
              label="Use as my default address"
              name="isDefault"
              defaultChecked={values.isDefault === 'on'}
              error={errors.isDefault}
            />
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={pendingIntent === 'save'}>
              {pendingIntent === 'save' ? 'Saving...' : 'Save Address'}
            </Button>
            {editingId ? (
              <ButtonLink to={PAGE} variant="secondary">
                Cancel
              </ButtonLink>
            ) : null}
          </div>
        </Form>
      </section>
    </div>
  )
}

function valuesOf(address: Route.ComponentProps['loaderData']['addresses'][number]): FormValues {
  return {
    id: address.id,
    firstName: address.first_name,
    lastName: address.last_name,
    street: address.street,
    apartment: address.apartment ?? '',
    city: address.city,
    state: address.state,
    zipCode: address.zip_code,
    phone: address.phone ?? '',
    isDefault: address.is_default ? 'on' : '',
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Addresses' })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="space-y-4">
      <Heading level={1}>Addresses</Heading>
      <p role="alert" className="text-ink">
        {notFound
          ? ADDRESS_NOT_FOUND
          : 'Something went wrong loading your addresses. Please try again.'}
      </p>
      <Link to={PAGE} className="font-semibold text-pasture-800 underline underline-offset-4">
        Back to Addresses
      </Link>
    </div>
  )
}
