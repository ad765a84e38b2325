import { useEffect, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { signUp } from '~/auth/accounts.server'
import { configuredSocialProviders } from '~/auth/auth.server'
import { AuthCard, SocialButtons } from '~/auth/auth-card'
import { SignUpSchema } from '~/auth/forms'
import { requireGuest } from '~/auth/guards.server'
import { authPageUrl, SIGN_UP_LANDING, safeRedirect } from '~/auth/redirect'
import { pageMeta } from '~/farm/meta'
import { type FieldErrors, NO_FIELD_ERRORS, parseForm, readForm } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
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
  const values = {
    firstName: String(form.get('firstName') ?? '').slice(0, 100),
    lastName: String(form.get('lastName') ?? '').slice(0, 100),
    email: String(form.get('email') ?? '').slice(0, 254),
    newsletter: form.get('newsletter') === 'on',
    terms: form.get('terms') === 'on',
  }
  const parsed = parseForm(SignUpSchema, form)
  if (!parsed.ok) {
    return data({ fieldErrors: parsed.fieldErrors, message: '', values }, { status: 400 })
  }
  const outcome = await signUp(parsed.data, { request, clientIp: context.clientIp })
  if (!outcome.ok) {
    return data(
      { fieldErrors: NO_FIELD_ERRORS, message: outcome.message, values },
      { status: outcome.status },
    )
  }
  throw redirect(safeRedirect(form.get('redirect'), SIGN_UP_LANDING), { headers: outcome.headers })
}

type Values = Record<
  'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword',
  string
> & {
  terms: boolean
}

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  terms: false,
}

/** The same schema as the action, run as the user types; errors show once a field is touched. */
function liveErrors(values: Values): FieldErrors {
  const result = parseForm(SignUpSchema, { ...values, terms: values.terms ? 'on' : undefined })
  return result.ok ? {} : result.fieldErrors
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const creating = navigation.state === 'submitting'
  const [values, setValues] = useState<Values>({ ...EMPTY, ...actionData?.values })
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  // Before hydration (or without JavaScript) the server validates; after it, the page does too.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  const live = liveErrors(values)
  const errorFor = (field: keyof Values) =>
    (touched[field] ? live[field] : undefined) ?? actionData?.fieldErrors[field]
  const field = (name: keyof Values) => ({
    name,
    ...(name === 'terms'
      ? { defaultChecked: actionData?.values.terms }
      : name === 'password' || name === 'confirmPassword'
        ? {}
        : { defaultValue: actionData?.values[name] }),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const { value, checked, type } = event.target
      setValues((current) => ({ ...current, [name]: type === 'checkbox' ? checked : value }))
      setTouched((current) => ({ ...current, [name]: true }))
    },
    error: errorFor(name),
  })
  const invalid = hydrated && Object.keys(live).length > 0

  return (
    <AuthCard title="Create Account">
      <p className="-mt-3 mb-6 text-center text-muted">
        Join us for farm-fresh food delivered to your door.
      </p>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <FormMessage tone="error">{actionData?.message}</FormMessage>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            {...field('firstName')}
          />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
          {...field('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <CheckboxField
          label="Subscribe to our newsletter for farm news and offers"
          name="newsletter"
        />
        <CheckboxField label={<TermsLabel />} {...field('terms')} />
        <Button type="submit" disabled={creating || invalid} className="w-full">
          {creating ? 'Creating account...' : 'Create Account'}
        </Button>
      </Form>
      <SocialButtons
        providers={loaderData.providers}
        redirect={loaderData.redirect}
        verb="Sign up"
      />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link
          to={authPageUrl('/signin', loaderData.redirect)}
          className="font-semibold text-pasture-800 underline"
        >
          Sign in
        </Link>
      </p>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Create Account', description: 'Create your farm shop account.' })
