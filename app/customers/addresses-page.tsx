import { getFormProps } from '@conform-to/react'
import { useMemo } from 'react'
import { Form, useNavigation } from 'react-router'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { SelectField } from '~/platform/ui/select-field'
import { StatusButton } from '~/platform/ui/status-button'
import { isPendingSubmission, useIsPending } from '~/platform/ui/use-is-pending'
import { addressSchema, stateName } from '~/platform/us-address'
import type { Address } from './addresses.server'

export const ADDRESSES_PAGE = '/account/addresses'

// Account > Addresses: the saved addresses, each with Edit, Delete and Make Default, and the
// form that adds a new one or edits the one chosen.
export function AddressesPage({
  addresses,
  states,
  editing,
  reply,
}: {
  addresses: Address[]
  states: string[]
  editing: Address | null
  reply: FormReply | undefined
}) {
  const navigation = useNavigation()
  const pendingFor = (intent: string, id: string) =>
    isPendingSubmission(navigation, { intent, fields: { id } }) ? 'pending' : 'idle'
  const savingAddress = useIsPending({ intent: 'save' })

  const saveReply = reply?.form === 'save' ? reply : undefined
  // A failed save (posted without JavaScript) comes back to the address it was editing.
  const failedSave = saveReply?.status === 'success' ? undefined : saveReply
  const typedId = failedSave?.initialValue?.id
  const editingId = failedSave
    ? (typeof typedId === 'string' && typedId) || null
    : (editing?.id ?? null)
  const editingDefault = addresses.some((a) => a.id === editingId && a.is_default)
  const success = reply?.status === 'success' ? reply.message : null
  const refusal =
    reply?.status === 'success'
      ? undefined
      : (reply?.error?.['']?.[0] ?? failedSave?.error?.id?.[0])

  return (
    <div className="space-y-8">
      <Heading level={1}>Addresses</Heading>
      <FormMessage tone="success">{success}</FormMessage>
      <FormMessage tone="error">{refusal}</FormMessage>

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
                    to={`${ADDRESSES_PAGE}?edit=${encodeURIComponent(address.id)}`}
                    variant="outline"
                    size="medium"
                  >
                    Edit<span className="sr-only"> address at {address.street}</span>
                  </ButtonLink>
                  <Form method="post" action={ADDRESSES_PAGE}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={address.id} />
                    <StatusButton
                      type="submit"
                      variant="outline"
                      size="medium"
                      status={pendingFor('delete', address.id)}
                      pendingText={
                        <>
                          Deleting...<span className="sr-only"> address at {address.street}</span>
                        </>
                      }
                    >
                      Delete<span className="sr-only"> address at {address.street}</span>
                    </StatusButton>
                  </Form>
                  {address.is_default ? null : (
                    <Form method="post" action={ADDRESSES_PAGE}>
                      <input type="hidden" name="intent" value="make-default" />
                      <input type="hidden" name="id" value={address.id} />
                      <StatusButton
                        type="submit"
                        variant="outline"
                        size="medium"
                        status={pendingFor('make-default', address.id)}
                        pendingText={
                          <>
                            Saving...
                            <span className="sr-only"> for the address at {address.street}</span>
                          </>
                        }
                      >
                        Make Default
                        <span className="sr-only"> for the address at {address.street}</span>
                      </StatusButton>
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
        {/* Switching to another address (or to a new one) starts a new form, without old complaints. */}
        <AddressForm
          key={editingId ?? 'new'}
          states={states}
          editingId={editingId}
          editing={editing?.id === editingId ? editing : null}
          editingDefault={editingDefault}
          reply={saveReply}
          saving={savingAddress}
        />
      </section>
    </div>
  )
}

function AddressForm({
  states,
  editingId,
  editing,
  editingDefault,
  reply,
  saving,
}: {
  states: string[]
  editingId: string | null
  editing: Address | null
  editingDefault: boolean
  reply: FormReply | undefined
  saving: boolean
}) {
  const schema = useMemo(() => addressSchema(states), [states])
  const defaultValue = useMemo(
    () => (editing ? valuesOf(editing) : { state: states.length === 1 ? states[0] : '' }),
    [editing, states],
  )
  // After a good save the form is emptied, ready for the next address.
  const [form, fields] = useSchemaForm(schema, {
    id: `address-${editingId ?? 'new'}`,
    lastResult: reply,
    defaultValue,
  })
  const stateOptions = states.map((code) => ({ value: code, label: stateName(code) }))

  return (
    <Form method="post" action={ADDRESSES_PAGE} {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="save" />
      {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" field={fields.firstName} autoComplete="given-name" />
        <TextField label="Last name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField label="Street address" field={fields.street} autoComplete="address-line1" />
      <TextField
        label="Apartment, suite, etc. (optional)"
        field={fields.apartment}
        autoComplete="address-line2"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" field={fields.city} autoComplete="address-level2" />
        <SelectField
          label="State"
          field={fields.state}
          autoComplete="address-level1"
          placeholder="Select a state"
          options={stateOptions}
        />
        <TextField
          label="ZIP code"
          field={fields.zipCode}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
        />
      </div>
      <TextField
        label="Phone (optional)"
        field={fields.phone}
        type="tel"
        autoComplete="tel"
        maxLength={20}
      />
      {editingDefault ? (
        <p className="text-sm text-muted">
          This is your default address. To change the default, choose Make Default on another
          address.
        </p>
      ) : (
        <CheckboxField label="Use as my default address" field={fields.isDefault} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <StatusButton type="submit" status={saving ? 'pending' : 'idle'} pendingText="Saving...">
          Save Address
        </StatusButton>
        {editingId ? (
          <ButtonLink to={ADDRESSES_PAGE} variant="secondary">
            Cancel
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  )
}

function valuesOf(address: Address) {
  return {
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
