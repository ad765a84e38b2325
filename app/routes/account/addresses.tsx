import { data } from 'react-router'
import { z } from 'zod'
import { requireUser } from '~/auth/guards.server'
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '~/customers/addresses.server'
import { ADDRESSES_PAGE, AddressesPage } from '~/customers/addresses-page'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { ADDRESS_NOT_FOUND, addressActionSchema } from '~/platform/us-address'
import { listStatesOffered } from '~/settings/settings.server'
import type { Route } from './+types/addresses'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const [addresses, states] = await Promise.all([listAddresses(db, user.id), listStatesOffered(db)])
  const editId = new URL(request.url).searchParams.get('edit')
  const editing = editId ? (addresses.find((address) => address.id === editId) ?? null) : null
  if (editId && !editing) throw data(null, { status: 404 })
  return { addresses, states, editing }
}

// Three forms post here: the address form (saving a new one, or one being edited), and each
// saved address's Delete and Make Default buttons.
const IntentSchema = z.object({ intent: z.enum(['save', 'delete', 'make-default']) })
const CHECK_YOUR_INPUT = 'Please check your input and try again.'
const DONE = {
  save: 'Address saved.',
  delete: 'Address deleted.',
  'make-default': 'Default address updated.',
} as const

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const form = await readForm(request)
  const intent = parseSubmission(form, IntentSchema)
  if (intent.status !== 'success') return replyRefused(intent, CHECK_YOUR_INPUT, 400)
  const name = intent.value.intent
  const submission = parseSubmission(form, addressActionSchema(await listStatesOffered(db)))
  if (submission.status !== 'success') {
    // The address form's complaints sit by its fields, with what was typed; a button's
    // only field is the address id.
    return name === 'save'
      ? replyInvalid(submission, { form: name })
      : replyRefused(submission, ADDRESS_NOT_FOUND, 400, { form: name })
  }
  const input = submission.value
  let found: boolean
  switch (input.intent) {
    case 'save':
      found = Boolean(
        input.id
          ? await updateAddress(db, user.id, input.id, input)
          : await createAddress(db, user.id, input),
      )
      break
    case 'delete':
      found = await deleteAddress(db, user.id, input.id)
      break
    case 'make-default':
      found = await setDefaultAddress(db, user.id, input.id)
      break
  }
  return found
    ? replyDone(submission, DONE[name], { form: name })
    : replyRefused(submission, ADDRESS_NOT_FOUND, 404, { form: name })
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressesPage {...loaderData} reply={actionData} />
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Addresses' })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={{ title: 'Addresses', message: ADDRESS_NOT_FOUND }}
      unexpected={{
        title: 'Addresses',
        message: 'Something went wrong loading your addresses. Please try again.',
      }}
      back={{ to: ADDRESSES_PAGE, label: 'Back to Addresses' }}
    />
  )
}
