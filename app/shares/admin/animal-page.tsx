import { Form } from 'react-router'
import { formatOrderNumber } from '~/orders/place-order'
import { AdminPageHeader, AdminPanel, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import type { FormReply } from '~/platform/forms/conform'
import { ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { formatCents } from '~/platform/ui/price'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { CutSheetSummary } from '../cut-sheet-form'
import { BALANCE_AFTER_WEIGHING, balanceStatusLabel, cutSheetStatusLabel } from '../shares'
import { NEW_ANIMAL } from './animal-form'
import { AnimalForm, HangingWeightForm } from './animal-forms'
import type { loadAnimalPage } from './animal-page.server'
import type { AdminShare } from './animal-shares.server'

// One animal sold in shares, as its admin page shows it: the animal's form, its hanging
// weight, and its shares with their balances and cut sheets.

type AnimalPageData = Awaited<ReturnType<typeof loadAnimalPage>>

export function AnimalPage({
  page,
  reply: actionData,
}: {
  page: AnimalPageData
  reply: FormReply | undefined
}) {
  const { animal, pickup, shares, products, places, saved } = page
  // One form at a time: while any is on its way, every button on the page waits.
  const submitting = useIsPending()
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
            <TextLink to="/admin/shares" className="self-center">
              Back to Beef Shares
            </TextLink>
          </>
        }
      />
      <div className="space-y-6">
        <AnimalForm
          key={animal ? JSON.stringify(animal) : NEW_ANIMAL}
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

function ShareTable({
  shares,
  submitting,
}: {
  shares: readonly AdminShare[]
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
                <TextLink to={`/admin/orders/${share.order_id}`}>
                  {formatOrderNumber(share.order_number)}
                </TextLink>
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
                    <StatusButton
                      type="submit"
                      variant="secondary"
                      size="small"
                      status={submitting ? 'pending' : 'idle'}
                    >
                      Mark Paid
                      <span className="sr-only">
                        {' '}
                        for {share.first_name} {share.last_name}
                      </span>
                    </StatusButton>
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
