import { getFormProps } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { Form, useFetcher } from 'react-router'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { TextAnchor, TextLink } from '~/platform/ui/link'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { AuthCard, SocialButtons, type SocialProvider } from './auth-card'
import { ForgotPasswordSchema, SignInSchema } from './forms'
import { authPageUrl, signInReason } from './redirect'

// The sign-in page: email and password, the social buttons, and the forgot-password dialog.
export function SignInPage({
  redirect,
  forgotOpen,
  socialError: socialFailed,
  providers,
  reply,
}: {
  /** Where to go once signed in (already made safe) */
  redirect: string
  forgotOpen: boolean
  /** Back from a social provider that failed */
  socialError: boolean
  providers: SocialProvider[]
  reply: FormReply | undefined
}) {
  const signingIn = useIsPending({ intent: 'signin' })
  const signInResult = reply?.form === 'signin' ? reply : undefined
  const [form, fields] = useSchemaForm(SignInSchema, { id: 'signin', lastResult: signInResult })
  // Uncontrolled (as every Conform field): what a shopper types before the page's JavaScript
  // has loaded survives hydration. The dialog reads it when it opens.
  const emailField = useRef<HTMLInputElement>(null)
  const socialResult = reply?.form === 'social' ? reply : undefined
  const forgotResult = reply?.form === 'forgot-password' ? reply : undefined
  const socialError = socialFailed
    ? 'Failed to sign in. Please try again.'
    : socialResult?.error?.['']?.[0]
  const typedEmail = signInResult?.initialValue?.email

  return (
    <AuthCard title="Sign In">
      <p className="-mt-3 mb-6 text-center text-muted">
        {signInReason(redirect) ?? 'Welcome back to the farm.'}
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirect" value={redirect} />
        <FormMessage tone="error">{form.errors?.[0] || socialError}</FormMessage>
        <TextField
          label="Email"
          field={fields.email}
          type="email"
          autoComplete="email"
          ref={emailField}
        />
        <TextField
          label="Password"
          field={fields.password}
          type="password"
          autoComplete="current-password"
        />
        <div className="flex items-center justify-between">
          <CheckboxField label="Remember me" field={fields.rememberMe} />
          <ForgotPasswordLink />
        </div>
        <StatusButton
          type="submit"
          status={signingIn ? 'pending' : 'idle'}
          pendingText="Signing in..."
          className="w-full"
        >
          Sign In
        </StatusButton>
      </Form>
      <SocialButtons providers={providers} redirect={redirect} verb="Sign in" />
      <p className="mt-6 text-center text-sm text-muted">
        Don't have an account? <TextLink to={authPageUrl('/signup', redirect)}>Sign up</TextLink>
      </p>
      <ForgotPasswordDialog
        email={() =>
          emailField.current?.value ?? (typeof typedEmail === 'string' ? typedEmail : '')
        }
        initiallyOpen={forgotOpen || Boolean(forgotResult)}
        serverReply={forgotResult}
      />
    </AuthCard>
  )
}

const OPEN_FORGOT_EVENT = 'farm:open-forgot-password'

function ForgotPasswordLink() {
  return (
    <TextAnchor
      href="/signin?forgot=1"
      onClick={(event) => {
        event.preventDefault()
        window.dispatchEvent(new Event(OPEN_FORGOT_EVENT))
      }}
      size="small"
    >
      Forgot password?
    </TextAnchor>
  )
}

/**
 * The forgot-password modal: a native <dialog> (focus moves in, Escape closes, focus returns),
 * prefilled with the email typed on the sign-in form. Without JavaScript it renders open
 * in the page and posts like any form.
 */
function ForgotPasswordDialog({
  email,
  initiallyOpen,
  serverReply,
}: {
  /** The email typed on the sign-in form, read when the dialog opens */
  email: () => string
  initiallyOpen: boolean
  /** The action's answer when the dialog was posted without JavaScript */
  serverReply: FormReply | undefined
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  // The form exists only while the dialog is open, so the page has one Email field otherwise.
  const [open, setOpen] = useState(initiallyOpen)
  const [resetEmail, setResetEmail] = useState(() => email())

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
          <ForgotPasswordForm
            email={resetEmail}
            serverReply={serverReply}
            onCancel={() => dialog.current?.close()}
          />
        </>
      ) : null}
    </dialog>
  )
}

/** The dialog's form, new each time the dialog opens (so it starts from the typed email). */
function ForgotPasswordForm({
  email,
  serverReply,
  onCancel,
}: {
  email: string
  serverReply: FormReply | undefined
  onCancel: () => void
}) {
  const fetcher = useFetcher<FormReply>()
  const reply = fetcher.data ?? serverReply
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, {
    id: 'forgot-password',
    lastResult: reply,
    defaultValue: { email },
  })
  const sending = useIsPending({ fetcher })

  return (
    <fetcher.Form method="post" action="/signin" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="forgot-password" />
      {reply?.status === 'success' && form.status !== 'error' ? (
        <FormMessage tone="success">{reply.message}</FormMessage>
      ) : (
        <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
      )}
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      <div className="flex justify-end gap-3">
        <a
          href="/signin"
          onClick={(event) => {
            event.preventDefault()
            onCancel()
          }}
          className="rounded-md px-4 py-2 font-semibold text-ink hover:bg-earth-50"
        >
          Cancel
        </a>
        <StatusButton type="submit" status={sending ? 'pending' : 'idle'} pendingText="Sending...">
          Send Reset Link
        </StatusButton>
      </div>
    </fetcher.Form>
  )
}
