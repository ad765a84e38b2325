import { getFormProps } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { pageMeta } from '~/farm/meta'
import { startBalanceCheckout } from '~/flows/pay-share-balance.server'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { formatDay } from '~/platform/farm-clock'
import { parseSubmission, replyDone, replyRefused, useSchemaForm } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { formatCents } from '~/platform/ui/price'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { formatPounds } from '~/shares/balance'
import { BalanceIntentSchema } from '~/shares/balance-form'
import { choosePayAtPickup, getShareByToken } from '~/shares/share-orders.server'
import {
  BALANCE_ALREADY_PAID,
  BALANCE_NOT_READY,
  balanceStatusLabel,
  NO_SUCH_SHARE,
  NOTHING_OWED,
} from '~/shares/shares'
import type { Route } from './+types/share-balance'

// The link in a beef share's balance email (ADR 31): what the share cost, what is left to pay,
// and two ways to settle it: by card (Stripe Checkout, when configured) or at pickup. The
// link's token is its only key, like an invoice link; it shows nothing but this share.

export async function loader({ params, request }: Route.LoaderArgs) {
  const share = await getShareByToken(getDb(), params.token)
  if (!share) throw data(NO_SUCH_SHARE, { status: 404 })
  const returned = new URL(request.url).searchParams.has('paid')
  return { share, cardOffered: getEnv().stripe !== undefined, returned }
}

export async function action({ params, request }: Route.ActionArgs) {
  const db = getDb()
  const submission = parseSubmission(await readForm(request), BalanceIntentSchema)
  if (submission.status !== 'success') return replyRefused(submission, 'Unknown action.', 400)
  const share = await getShareByToken(db, params.token)
  if (!share) throw data(NO_SUCH_SHARE, { status: 404 })
  const refusal = refusalFor(share)
  if (refusal) return replyRefused(submission, refusal, 409)

  if (submission.value.intent === 'pickup') {
    if (!(await choosePayAtPickup(db, params.token))) {
      return replyRefused(
        submission,
        'The balance can no longer be switched to pay at pickup.',
        409,
      )
    }
    return replyDone(submission, 'Thank you: please pay the balance when you pick up your beef.')
  }
  const { stripe, baseUrl } = getEnv()
  if (!stripe) return replyRefused(submission, 'Card payments are not available right now.', 409)
  const started = await startBalanceCheckout(db, { ...stripe, baseUrl }, params.token, share)
  if (!started.ok) return replyRefused(submission, BALANCE_ALREADY_PAID, 409)
  return redirect(started.url)
}

function refusalFor(share: { cancelled: boolean; balanceCents: number | null; status: string }) {
  if (share.cancelled) return 'This share was cancelled.'
  if (share.balanceCents === null) return BALANCE_NOT_READY
  if (share.balanceCents === 0) return NOTHING_OWED
  if (share.status === 'paid') return BALANCE_ALREADY_PAID
  return null
}

export default function ShareBalance({ loaderData, actionData }: Route.ComponentProps) {
  const { share, cardOffered, returned } = loaderData
  const [form] = useSchemaForm(BalanceIntentSchema, { id: 'balance', lastResult: actionData })
  const refusal = refusalFor(share)
  const busy = useIsPending()
  const rows: Array<[string, string]> =
    share.shareWeightLb === null || share.meatCents === null || share.hangingWeightCentiLb === null
      ? [['Deposit paid', formatCents(share.depositCents)]]
      : [
          ['Hanging weight of the animal', formatPounds(share.hangingWeightCentiLb)],
          [
            `Your share: ${share.shareWeightLb} lb at ${formatCents(share.pricePerLbHangingCents)}/lb`,
            formatCents(share.meatCents),
          ],
          ['Processing', formatCents(share.processingFeeCents)],
          ['Deposit paid', `-${formatCents(share.depositCents)}`],
          ...(share.balanceCents === null
            ? []
            : ([
                ['Balance before tax', formatCents(share.balanceCents)],
                ['Sales tax', formatCents(share.balanceTaxCents ?? 0)],
              ] as Array<[string, string]>)),
        ]
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <Heading level={1}>
        {share.size} Share of {share.animalName}
      </Heading>
      <p className="text-ink">
        Hello {share.firstName}. Pickup: {formatDay(share.pickupDate)}.
      </p>
      <section
        aria-labelledby="balance-heading"
        className="rounded-lg border border-earth-100 bg-white p-6"
      >
        <h2 id="balance-heading" className="font-display text-xl font-bold text-ink">
          Balance
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted">{label}</dt>
              <dd className="text-ink">{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-earth-100 pt-2 text-base font-bold text-ink">
            <dt>Balance</dt>
            <dd>{share.dueCents === null ? 'Not known yet' : formatCents(share.dueCents)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Status</dt>
            <dd className="font-semibold text-ink">{balanceStatusLabel(share.status)}</dd>
          </div>
        </dl>
      </section>
      {actionData?.status === 'success' && actionData.message ? (
        <FormMessage tone="success">{actionData.message}</FormMessage>
      ) : actionData?.error ? (
        <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
      ) : returned && share.status !== 'paid' ? (
        <FormMessage tone="success">
          Thank you! We are confirming your payment with the card company; this page shows Paid once
          it is through.
        </FormMessage>
      ) : refusal ? (
        <p className="text-ink">{refusal}</p>
      ) : null}
      {refusal === null ? (
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap gap-3">
          {cardOffered ? (
            <Button type="submit" name="intent" value="card" disabled={busy}>
              Pay {formatCents(share.dueCents ?? 0)} by Card
            </Button>
          ) : null}
          {share.status === 'unpaid' ? (
            <Button type="submit" name="intent" value="pickup" variant="secondary" disabled={busy}>
              Pay at Pickup
            </Button>
          ) : null}
        </Form>
      ) : null}
    </div>
  )
}

// A private link: never listed by search engines.
export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: loaderData ? `Balance: ${loaderData.share.animalName}` : 'Share Not Found',
  }),
  { name: 'robots', content: 'noindex' },
]
