import { data, redirect } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { CheckoutActionSchema, checkoutView, formOfStep, paymentNotice } from '~/checkout/checkout'
import { loadCheckout, runCheckoutAction } from '~/checkout/checkout.server'
import { CheckoutPage } from '~/checkout/checkout-page'
import { pageMeta } from '~/farm/meta'
import { placeOrder } from '~/flows/place-order.server'
import { getDb } from '~/platform/db/db.server'
import { type FormReply, parseSubmission, replyInvalid } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Heading } from '~/platform/ui/heading'
import type { ChromeHandle } from '~/shell/chrome'
import type { Route } from './+types/checkout'

// The checkout: three steps (Shipping, Payment, Review), each a form posting here with an
// intent (to-payment, back-to-shipping, to-review, back-to-payment, place-order). What was
// entered travels in hidden fields, so it works without JavaScript; Place Order hands the
// cart to the place-order flow (ADR 11) and goes to the order's confirmation page, or first to the
// payment provider's hosted page when the chosen method has one (Stripe Checkout, PayPal).
// Every other answer is the one reply shape: what was posted (and the review step's new
// idempotency key), the complaints, and `form` naming the step to show.

// The reduced header and footer: the logo and Back to Cart, the policies (issue 22).
export const handle: ChromeHandle = { chrome: 'checkout' }

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const notice = paymentNotice(new URL(request.url).searchParams.get('payment'))
  return { ...(await loadCheckout(getDb(), user)), notice }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseSubmission(await readForm(request), CheckoutActionSchema)
  if (submission.status !== 'success') return replyInvalid(submission, { form: 'shipping' })
  const outcome = await runCheckoutAction(getDb(), user.id, submission.value, placeOrder)
  if (outcome.kind === 'placed') throw redirect(`/order-confirmation/${outcome.orderId}`)
  // 303: the browser follows a POST's answer with a GET to the payment page.
  if (outcome.kind === 'pay') throw redirect(outcome.url, 303)
  const { fieldErrors, message, idempotencyKey } = outcome.problems ?? {}
  const reply = submission.reply(
    fieldErrors || message ? { fieldErrors, formErrors: message ? [message] : [] } : {},
  )
  const initialValue = idempotencyKey
    ? { ...reply.initialValue, idempotencyKey }
    : reply.initialValue
  return data<FormReply>(
    { ...reply, initialValue, form: formOfStep(outcome.step) },
    { status: outcome.status },
  )
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const {
    cart,
    prefill,
    statesOffered,
    paymentMethods,
    offer,
    thisYear,
    notice,
    subscriptionFrequencies,
  } = loaderData
  const view = checkoutView(actionData, prefill)
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Heading level={1} size="large">
        Checkout
      </Heading>
      <CheckoutPage
        // A new step starts its form afresh from the draft.
        key={view.step}
        cart={cart}
        view={view}
        reply={actionData}
        notice={actionData ? undefined : notice}
        statesOffered={statesOffered}
        paymentMethods={paymentMethods}
        offer={offer}
        thisYear={thisYear}
        subscriptionFrequencies={subscriptionFrequencies}
      />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Checkout' })
