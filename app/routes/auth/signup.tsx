import { getFormProps } from '@conform-to/react'
import { Form, redirect } from 'react-router'
import { signUp } from '~/auth/accounts.server'
import { configuredSocialProviders } from '~/auth/auth.server'
import { AuthCard, SocialButtons } from '~/auth/auth-card'
import { SignUpSchema } from '~/auth/forms'
import { requireGuest } from '~/auth/guards.server'
import { authPageUrl, SIGN_UP_LANDING, safeRedirect } from '~/auth/redirect'
import { pageMeta } from '~/farm/meta'
import {
  parseSubmission,
  replyInvalid,
  replyRefused,
  useSchemaForm,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { useHydrated } from '~/platform/ui/disclosure'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { TermsLabel } from '~/policies/terms-label'
import type { Route } from './+types/signup'

export async function loader({ request }: Route.LoaderArgs) {
  await requireGuest(request)
  const url = new URL(request.url)
  return {
    redirect: safeRedirect(url.searchParams.get('redirect'), SIGN_UP_LANDING),
    providers: configuredSocialProviders(),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireGuest(request)
  const form = await readForm(request)
  // What was typed (never the passwords) comes back with any error, so nothing is lost.
  const hideFields = ['password', 'confirmPassword']
  const submission = parseSubmission(form, SignUpSchema)
  if (submission.status !== 'success') return replyInvalid(submission, { hideFields })
  const outcome = await signUp(submission.value, { request, clientIp: context.clientIp })
  if (!outcome.ok) return replyRefused(submission, outcome.message, outcome.status, { hideFields })
  throw redirect(safeRedirect(submission.value.redirect, SIGN_UP_LANDING), {
    headers: outcome.headers,
  })
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const creating = useIsPending()
  const [form, fields] = useSchemaForm(SignUpSchema, { id: 'signup', lastResult: actionData })
  // Before hydration (or without JavaScript) the server validates; after it, the page does
  // too, field by field as each is typed in, and the button waits until the whole form passes.
  const hydrated = useHydrated()
  const invalid = hydrated && !SignUpSchema.safeParse(form.value ?? {}).success

  return (
    <AuthCard title="Create Account">
      <p className="-mt-3 mb-6 text-center text-muted">
        Join us for farm-fresh food delivered to your door.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        // A field is checked from its first keystroke (Conform then rechecks it on each one).
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name
          if (name) form.validate({ name })
        }}
        className="space-y-4"
      >
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" field={fields.firstName} autoComplete="given-name" />
          <TextField label="Last name" field={fields.lastName} autoComplete="family-name" />
        </div>
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <TextField
          label="Password"
          field={fields.password}
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <TextField
          label="Confirm password"
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
        />
        <CheckboxField
          label="Subscribe to our newsletter for farm news and offers"
          field={fields.newsletter}
        />
        <CheckboxField label={<TermsLabel />} field={fields.terms} />
        <StatusButton
          type="submit"
          status={creating ? 'pending' : 'idle'}
          pendingText="Creating account..."
          disabled={invalid}
          className="w-full"
        >
          Create Account
        </StatusButton>
      </Form>
      <SocialButtons
        providers={loaderData.providers}
        redirect={loaderData.redirect}
        verb="Sign up"
      />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <TextLink to={authPageUrl('/signin', loaderData.redirect)}>Sign in</TextLink>
      </p>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Create Account', description: 'Create your farm shop account.' })
