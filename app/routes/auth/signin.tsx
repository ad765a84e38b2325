import { data, redirect } from 'react-router'
import { z } from 'zod'
import { requestPasswordReset, signIn, startSocialSignIn } from '~/auth/accounts.server'
import { configuredSocialProviders } from '~/auth/auth.server'
import { ForgotPasswordSchema, SignInSchema, SocialSignInSchema } from '~/auth/forms'
import { requireGuest } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/redirect'
import { SignInPage } from '~/auth/sign-in-page'
import { pageMeta } from '~/farm/meta'
import { completeSignIn } from '~/flows/sign-in.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import type { Route } from './+types/signin'

export async function loader({ request }: Route.LoaderArgs) {
  await requireGuest(request)
  const url = new URL(request.url)
  return {
    redirect: safeRedirect(url.searchParams.get('redirect')),
    // Without JavaScript the "Forgot password?" link reloads the page with the dialog open.
    forgotOpen: url.searchParams.has('forgot'),
    socialError: url.searchParams.get('error') === 'social',
    providers: configuredSocialProviders(),
  }
}

// Three forms post here: signing in, the forgot-password dialog and the social buttons
// (AuthCard's, on the sign-up page too). A post without an intent is a sign-in.
const IntentSchema = z.enum(['signin', 'forgot-password', 'social']).catch('signin')

export async function action({ request, context }: Route.ActionArgs) {
  await requireGuest(request)
  const form = await readForm(request)
  const caller = { request, clientIp: context.clientIp }
  const intent = IntentSchema.parse(form.get('intent'))

  if (intent === 'forgot-password') {
    const submission = parseSubmission(form, ForgotPasswordSchema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: intent })
    const outcome = await requestPasswordReset(submission.value.email, caller)
    return outcome.ok
      ? replyDone(submission, outcome.message, { form: intent, keep: true })
      : replyRefused(submission, outcome.message, outcome.status, { form: intent })
  }

  if (intent === 'social') {
    const submission = parseSubmission(form, SocialSignInSchema)
    if (submission.status !== 'success') throw data('Unknown sign-in provider.', { status: 400 })
    const outcome = await startSocialSignIn(submission.value, caller)
    if (!outcome.ok)
      return replyRefused(submission, outcome.message, outcome.status, { form: intent })
    throw redirect(outcome.url, { headers: outcome.headers })
  }

  // The typed address comes back with any error (never the password), so nothing is typed twice.
  const submission = parseSubmission(form, SignInSchema)
  const options = { form: intent, hideFields: ['password'] }
  if (submission.status !== 'success') return replyInvalid(submission, options)
  const outcome = await signIn(submission.value, caller)
  if (!outcome.ok) return replyRefused(submission, outcome.message, outcome.status, options)
  await completeSignIn(request, outcome.customerId, outcome.headers)
  throw redirect(safeRedirect(submission.value.redirect), { headers: outcome.headers })
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInPage {...loaderData} reply={actionData} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Sign In', description: 'Sign in to your farm shop account.' })
