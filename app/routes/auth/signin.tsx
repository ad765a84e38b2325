import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useFetcher, useNavigation } from 'react-router'
import { requestPasswordReset, signIn, startSocialSignIn } from '~/auth/accounts.server'
import { configuredSocialProviders } from '~/auth/auth.server'
import { AuthCard, SocialButtons } from '~/auth/auth-card'
import { ForgotPasswordSchema, SignInSchema, SocialSignInSchema } from '~/auth/forms'
import { requireGuest } from '~/auth/guards.server'
import { authPageUrl, safeRedirect, signInReason } from '~/auth/redirect'
import { pageMeta } from '~/farm/meta'
import { NO_FIELD_ERRORS, parseForm, readForm } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
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

export async function action({ request, context }: Route.ActionArgs) {
  await requireGuest(request)
  const form = await readForm(request)
  const caller = { request, clientIp: context.clientIp }
  const intent = form.get('intent')

  if (intent === 'forgot-password') {
    const parsed = parseForm(ForgotPasswordSchema, form)
    if (!parsed.ok) {
      return data(
        { intent, fieldErrors: parsed.fieldErrors, message: '', email: '' },
        { status: 400 },
      )
    }
    const outcome = await requestPasswordReset(parsed.data.email, caller)
    if (!outcome.ok) {
      return data(
        { intent, fieldErrors: NO_FIELD_ERRORS, message: outcome.message, email: '' },
        { status: outcome.status },
      )
    }
    return {
      intent,
      fieldErrors: NO_FIELD_ERRORS,
      message: outcome.message ?? '',
      email: '',
      sent: true,
    }
  }

  if (intent === 'social') {
    const parsed = parseForm(SocialSignInSchema, form)
    if (!parsed.ok) throw data('Unknown sign-in provider.', { status: 400 })
    const outcome = await startSocialSignIn(parsed.data, caller)
    if (!outcome.ok) {
      return data(
        { intent, fieldErrors: NO_FIELD_ERRORS, message: outcome.message, email: '' },
        { status: outcome.status },
      )
    }
    throw redirect(outcome.url, { headers: outcome.headers })
  }

  const parsed = parseForm(SignInSchema, form)
  // The typed address comes back with any error, so nothing has to be typed twice.
  const email = String(form.get('email') ?? '').slice(0, 254)
  if (!parsed.ok) {
    return data(
      { intent: 'signin', fieldErrors: parsed.fieldErrors, message: '', email },
      { status: 400 },
    )
  }
  const outcome = await signIn(parsed.data, caller)
  if (!outcome.ok) {
    return data(
      { intent: 'signin', fieldErrors: NO_FIELD_ERRORS, message: outcome.message, email },
      { status: outcome.status },
    )
  }
  throw redirect(safeRedirect(parsed.data.redirect), { headers: outcome.headers })
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const signingIn = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'signin'
  const signInResult = actionData?.intent === 'signin' ? actionData : undefined
  // Uncontrolled on purpose: what a shopper types before the page's JavaScript has loaded must
  // survive hydration (a controlled value would be reset to the state's '').
  const emailField = useRef<HTMLInputElement>(null)
  const socialResult = actionData?.intent === 'social' ? actionData : undefined
  const forgotResult = actionData?.intent === 'forgot-password' ? actionData : undefined
  const socialError = loaderData.socialError
    ? 'Failed to sign in. Please try again.'
    : socialResult?.message

  return (
    <AuthCard title="Sign In">
      <p className="-mt-3 mb-6 text-center text-muted">
        {signInReason(loaderData.redirect) ?? 'Welcome back to the farm.'}
      </p>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <FormMessage tone="error">{signInResult?.message || socialError}</FormMessage>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          ref={emailField}
          defaultValue={signInResult?.email ?? ''}
          error={signInResult?.fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={signInResult?.fieldErrors.password}
        />
        <div className="flex items-center justify-between">
          <CheckboxField label="Remember me" name="rememberMe" />
          <ForgotPasswordLink />
        </div>
        <Button type="submit" disabled={signingIn} className="w-full">
          {signingIn ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
      <SocialButtons
        providers={loaderData.providers}
        redirect={loaderData.redirect}
        verb="Sign in"
      />
      <p className="mt-6 text-center text-sm text-muted">
        Don't have an account?{' '}
        <Link
          to={authPageUrl('/signup', loaderData.redirect)}
          className="font-semibold text-pasture-800 underline"
        >
          Sign up
        </Link>
      </p>
      <ForgotPasswordDialog
        email={() => emailField.current?.value ?? signInResult?.email ?? ''}
        initiallyOpen={loaderData.forgotOpen || Boolean(forgotResult)}
        serverResult={forgotResult}
      />
    </AuthCard>
  )
}

const OPEN_FORGOT_EVENT = 'farm:open-forgot-password'

function ForgotPasswordLink() {
  return (
    <a
      href="/signin?forgot=1"
      onClick={(event) => {
        event.preventDefault()
        window.dispatchEvent(new Event(OPEN_FORGOT_EVENT))
      }}
      className="text-sm font-semibold text-pasture-800 underline"
    >
      Forgot password?
    </a>
  )
}

type ForgotResult = { fieldErrors: Record<string, string>; message: string; sent?: boolean }

/**
 * The forgot-password modal: a native <dialog> (focus moves in, Escape closes, focus returns),
 * prefilled with the email typed on the sign-in form. Without JavaScript it renders open
 * in the page and posts like any form.
 */
function ForgotPasswordDialog({
  email,
  initiallyOpen,
  serverResult,
}: {
  /** The email typed on the sign-in form, read when the dialog opens */
  email: () => string
  initiallyOpen: boolean
  serverResult: ForgotResult | undefined
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const fetcher = useFetcher<ForgotResult>()
  // The form exists only while the dialog is open, so the page has one Email field otherwise.
  const [open, setOpen] = useState(initiallyOpen)
  const [resetEmail, setResetEmail] = useState(() => email())
  const result = fetcher.data ?? serverResult
  const sending = fetcher.state !== 'idle'

  useEffect(() => {
    const show = () => {
      setResetEmail(email())
      setOpen(true)
    }
    window.addEventListener(OPEN_FORGOT_EVENT, show)
    return () => window.removeEventListener(OPEN_FORGOT_EVENT, show)
  }, [email])

  useEffect(() => {
    const element = dialog.current
    if (!open || !element || element.matches(':modal')) return
    // Rendered open by the server (no JavaScript yet): reopen as a modal.
    if (element.open) element.close()
    element.showModal()
  }, [open])

  return (
    <dialog
      ref={dialog}
      open={initiallyOpen}
      // A server-rendered dialog is closed and reopened as a modal; that close is not the user's.
      onClose={() => {
        if (!dialog.current?.open) setOpen(false)
      }}
      aria-labelledby="forgot-title"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg border border-earth-100 bg-white p-6 shadow-xl backdrop:bg-black/40"
    >
      {open ? (
        <>
          <Heading level={2} id="forgot-title" size="small">
            Reset Password
          </Heading>
          <p className="mt-2 text-sm text-muted">
            Enter your email and we'll send you a link to choose a new password.
          </p>
          <fetcher.Form method="post" action="/signin" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="forgot-password" />
            {result?.sent ? (
              <FormMessage tone="success">{result.message}</FormMessage>
            ) : (
              <FormMessage tone="error">{result?.message}</FormMessage>
            )}
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={resetEmail}
              onChange={(event) => setResetEmail(event.target.value)}
              error={result?.fieldErrors.email}
            />
            <div className="flex justify-end gap-3">
              <a
                href="/signin"
                onClick={(event) => {
                  event.preventDefault()
                  dialog.current?.close()
                }}
                className="rounded-md px-4 py-2 font-semibold text-ink hover:bg-earth-50"
              >
                Cancel
              </a>
              <Button type="submit" disabled={sending}>
                {sending ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </div>
          </fetcher.Form>
        </>
      ) : null}
    </dialog>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Sign In', description: 'Sign in to your farm shop account.' })
