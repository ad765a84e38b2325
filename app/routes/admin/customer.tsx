import { data, Form } from 'react-router'
import { z } from 'zod'
import {
  type AdminRightsOutcome,
  changeAdminRights,
  LAST_ADMIN_REFUSED,
  SELF_REMOVAL_REFUSED,
} from '~/auth/admins.server'
import { requireAdmin } from '~/auth/guards.server'
import { CUSTOMER_ORDERS_SHOWN, getCustomerDetail } from '~/customers/admin/customers.server'
import { pageMeta } from '~/farm/meta'
import { formatOrderNumber } from '~/orders/place-order'
import { orderStatusLabel } from '~/orders/words'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { AdminPageHeader, AdminPanel, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { buttonVariants } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import { stateName } from '~/platform/us-address'
import type { Route } from './+types/customer'

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const customer = await getCustomerDetail(getDb(), params.id)
  if (!customer) throw data(null, { status: 404 })
  return {
    ...customer,
    orders: customer.orders.map((order) => ({
      ...order,
      number: formatOrderNumber(order.order_number),
      statusLabel: orderStatusLabel(order.status),
    })),
    waitingList: customer.waitingList.map((entry) => ({
      ...entry,
      statusLabel: orderStatusLabel(entry.status),
    })),
    isYou: customer.profile.id === admin.id,
    /** The list stops at this many; older orders are on the Orders page */
    ordersLimit: customer.orders.length >= CUSTOMER_ORDERS_SHOWN ? CUSTOMER_ORDERS_SHOWN : null,
  }
}

const CHOOSE = 'Please choose what to do.'

const AdminRightsSchema = z.object({
  intent: z.enum(['grant-admin', 'remove-admin'], { error: CHOOSE }),
})

const OUTCOME_MESSAGES: Record<AdminRightsOutcome, { status: number; message: string }> = {
  granted: { status: 200, message: 'This customer is now an admin.' },
  revoked: { status: 200, message: 'This customer is no longer an admin.' },
  unchanged: { status: 200, message: 'Nothing changed: that was already the case.' },
  not_found: { status: 404, message: 'That customer was not found.' },
  last_admin: { status: 409, message: LAST_ADMIN_REFUSED },
  self: { status: 409, message: SELF_REMOVAL_REFUSED },
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseSubmission(await readForm(request), AdminRightsSchema)
  // A button, nothing typed: a bad post is told in words above the page, as a refusal is.
  if (submission.status !== 'success') return replyRefused(submission, CHOOSE, 400)
  const outcome = await changeAdminRights(getDb(), {
    customerId: params.id,
    isAdmin: submission.value.intent === 'grant-admin',
    actorId: admin.id,
  })
  const { status, message } = OUTCOME_MESSAGES[outcome]
  return status === 200 ? replyDone(submission, message) : replyRefused(submission, message, status)
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, orders, addresses, waitingList, isYou, ordersLimit } = loaderData
  const fullName = `${profile.first_name} ${profile.last_name}`.trim() || profile.email
  return (
    <>
      <TextLink to="/admin/customers">Back to Customers</TextLink>
      <div className="mt-4">
        <AdminPageHeader title={fullName} description={profile.email} />
      </div>
      <div className="space-y-6">
        {actionData?.status === 'success' ? (
          <FormMessage tone="success">{actionData.message}</FormMessage>
        ) : null}
        <FormMessage tone="error">{actionData?.error?.['']?.[0]}</FormMessage>
        <AdminPanel title="Profile">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-semibold">First name</dt>
            <dd>{profile.first_name}</dd>
            <dt className="font-semibold">Last name</dt>
            <dd>{profile.last_name}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="wrap-anywhere">
              {profile.email} {profile.email_verified ? '(confirmed)' : '(not confirmed yet)'}
            </dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{profile.phone ?? 'Not given'}</dd>
            <dt className="font-semibold">Joined</dt>
            <dd>
              <FarmTime date={profile.created_at} withTime={false} />
            </dd>
            <dt className="font-semibold">Admin</dt>
            <dd>{profile.is_admin ? `Yes${isYou ? ' (this is you)' : ''}` : 'No'}</dd>
          </dl>
          <Form method="post" className="mt-5 flex flex-wrap items-center gap-3">
            {profile.is_admin ? (
              <ConfirmSubmitButton
                name="intent"
                value="remove-admin"
                className={buttonVariants({ variant: 'secondary' })}
                title="Remove admin rights?"
                question={`${fullName} will no longer be able to open the admin pages.`}
                confirmLabel="Remove Admin"
              >
                Remove Admin
              </ConfirmSubmitButton>
            ) : (
              <ConfirmSubmitButton
                name="intent"
                value="grant-admin"
                className={buttonVariants()}
                title="Make this customer an admin?"
                question={`${fullName} will be able to see every order and customer and change anything in the shop.`}
                confirmLabel="Grant Admin"
              >
                Grant Admin
              </ConfirmSubmitButton>
            )}
            {isYou ? (
              <p className="text-sm text-muted">
                Your own admin rights can only be removed by another admin.
              </p>
            ) : null}
          </Form>
        </AdminPanel>

        <AdminPanel title="Orders">
          {orders.length === 0 ? (
            <EmptyState>No orders yet.</EmptyState>
          ) : (
            <AdminTable caption={`Orders by ${fullName}, newest first`}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row" className="font-normal">
                      <TextLink to={`/admin/orders/${order.id}`}>{order.number}</TextLink>
                    </th>
                    <td>
                      <FarmTime date={order.created_at} withTime={false} />
                    </td>
                    <td>{order.statusLabel}</td>
                    <td>
                      <Price cents={order.total_cents} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
          {ordersLimit ? (
            <p className="mt-3 text-sm text-muted">
              The latest {ordersLimit} orders are shown; search the Orders page for older ones.
            </p>
          ) : null}
        </AdminPanel>

        <AdminPanel title="Addresses">
          {addresses.length === 0 ? (
            <EmptyState>No saved addresses.</EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {addresses.map((address) => (
                <li key={address.id} className="rounded-md border border-earth-100 p-4 text-sm">
                  {address.is_default ? (
                    <p className="mb-1 font-semibold text-pasture-800">Default address</p>
                  ) : null}
                  <address className="not-italic">
                    {address.first_name} {address.last_name}
                    <br />
                    {address.street}
                    {address.apartment ? `, ${address.apartment}` : ''}
                    <br />
                    {address.city}, {stateName(address.state)} {address.zip_code}
                    {address.phone ? (
                      <>
                        <br />
                        {address.phone}
                      </>
                    ) : null}
                  </address>
                </li>
              ))}
            </ul>
          )}
        </AdminPanel>

        <AdminPanel title="Waiting List">
          {waitingList.length === 0 ? (
            <EmptyState>Not waiting for anything.</EmptyState>
          ) : (
            <AdminTable caption={`Waiting-list entries of ${fullName}`}>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Option</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Email when back</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {waitingList.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" className="font-normal">
                      <TextLink to={`/admin/products/${entry.product_id}`}>
                        {entry.product_name}
                      </TextLink>
                    </th>
                    <td>{entry.variant_name ?? '-'}</td>
                    <td>{entry.quantity}</td>
                    <td>{entry.notify_by_email ? 'Yes' : 'No'}</td>
                    <td>{entry.statusLabel}</td>
                    <td>
                      <FarmTime date={entry.created_at} withTime={false} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
        </AdminPanel>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData
      ? `${loaderData.profile.first_name} ${loaderData.profile.last_name}`.trim()
      : 'Customer Not Found',
  })
