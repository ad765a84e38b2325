import { AdminPanel, AdminTable } from '~/platform/admin/ui/page'
import { TextAnchor, TextLink } from '~/platform/ui/link'
import { formatCents } from '~/platform/ui/price'
import { BALANCE_AFTER_WEIGHING, balanceStatusLabel, cutSheetStatusLabel } from '~/shares/shares'
import type { BeefShareGroup } from './beef-shares'

// This week's "Beef shares": who collects which share of which animal on this day, whether
// their cut sheet is in and whether the balance is paid (beef-shares.server.ts). Shown only on
// a day with shares to hand over.

export function BeefSharesSection({
  groups,
  dayLabel,
}: {
  groups: readonly BeefShareGroup[]
  dayLabel: string
}) {
  if (groups.length === 0) return null
  return (
    <AdminPanel title="Beef shares">
      <div className="space-y-6">
        {groups.map((group) => (
          <div key={group.animalId} className="space-y-2">
            <h3 className="font-semibold text-ink">
              <TextLink to={`/admin/shares/${group.animalId}`}>{group.animalName}</TextLink>
              {group.where ? `: pickup at ${group.where}` : null}
            </h3>
            <AdminTable caption={`Beef shares of ${group.animalName} for ${dayLabel}`}>
              <thead>
                <tr>
                  <th scope="col">Holder</th>
                  <th scope="col">Share</th>
                  <th scope="col">Deposit</th>
                  <th scope="col">Cut sheet</th>
                  <th scope="col">Balance</th>
                </tr>
              </thead>
              <tbody>
                {group.shares.map((share) => (
                  <tr key={share.id}>
                    <th scope="row">
                      {share.holder}{' '}
                      <TextLink to={`/admin/orders/${share.orderId}`}>{share.orderNumber}</TextLink>
                      <br />
                      <TextAnchor
                        href={`tel:${share.phone}`}
                        className="inline-flex min-h-11 items-center"
                      >
                        {share.phone}
                      </TextAnchor>
                    </th>
                    <td>{share.size}</td>
                    <td>
                      {share.depositDueCents === 0
                        ? 'Paid'
                        : `To collect: ${formatCents(share.depositDueCents)}`}
                    </td>
                    <td>{cutSheetStatusLabel(share.cutSheetDone)}</td>
                    <td>
                      {share.dueCents === null
                        ? BALANCE_AFTER_WEIGHING
                        : `${formatCents(share.dueCents)}, ${balanceStatusLabel(share.balanceStatus)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          </div>
        ))}
      </div>
    </AdminPanel>
  )
}
