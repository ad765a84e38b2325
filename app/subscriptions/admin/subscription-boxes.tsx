import { AdminPanel, EmptyState } from '~/platform/admin/ui/page'
import { TextLink } from '~/platform/ui/link'
import { RESERVATION_DAYS } from '../schedule'
import type { DemandDay } from './coming-boxes.server'

// This week's "Subscription boxes": what the coming week's boxes need, by box date and product,
// before they are orders. Each box becomes an order at its cut-off, and from then on it is on the
// pick list above with the other orders; so the two lists together are everything to pick.

const tableClass =
  'mt-2 w-full text-left text-sm [&_tr]:border-b [&_tr]:border-earth-100 [&_th]:py-2 [&_th]:pr-2 [&_td]:py-2 [&_td]:pr-2 [&_tbody_th]:font-normal [&_tbody_th]:break-words [&_th:last-child]:pr-0 [&_th:last-child]:text-right [&_td:last-child]:pr-0 [&_td:last-child]:text-right [&_td:last-child]:font-semibold'

export function SubscriptionBoxes({ days }: { days: readonly DemandDay[] }) {
  return (
    <div id="subscription-boxes" className="mt-6 scroll-mt-6">
      <AdminPanel title="Subscription boxes">
        <p className="text-sm text-muted">
          Boxes due in the next {RESERVATION_DAYS} days that are not orders yet. Each becomes an
          order when changes close, and then joins the pick list above. Their stock is kept back
          from one-time shoppers.
        </p>
        {days.length === 0 ? (
          <div className="mt-3">
            <EmptyState>No subscription boxes in the next {RESERVATION_DAYS} days.</EmptyState>
          </div>
        ) : (
          days.map((day) => (
            <div key={day.date} className="mt-4">
              <h3 className="font-semibold text-ink">
                {`${day.label}: ${day.boxes} ${day.boxes === 1 ? 'box' : 'boxes'}`}
              </h3>
              <table className={tableClass}>
                <caption className="sr-only">{`Subscription boxes for ${day.label}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Subscribers</th>
                    <th scope="col">Quantity</th>
                  </tr>
                </thead>
                <tbody>
                  {day.lines.map((line) => (
                    <tr key={`${line.productId}:${line.variantId ?? ''}`}>
                      <th scope="row">
                        {line.name}
                        {line.variant ? ` (${line.variant})` : ''}
                      </th>
                      <td>{line.subscribers}</td>
                      <td>{`${line.quantity} ${line.unit}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        )}
        <p className="mt-3 text-sm">
          <TextLink to="/admin/subscriptions?status=active">See the active subscriptions</TextLink>
        </p>
      </AdminPanel>
    </div>
  )
}
