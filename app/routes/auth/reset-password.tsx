import { data, Form, useNavigation } from 'react-router'
import { isResetTokenValid, resetPassword } from '~/auth/accounts.server'
import { AuthCard } from '~/auth/auth-card'
import { INVALID_RESET_LINK, ResetPasswordSchema } from '~/auth/forms'
import { requireGuest } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { NO_FIELD_ERRORS, parseForm, readForm } from '~/platform/forms/form-data'
import { Button, ButtonLink } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import type { Route } from './+types/reset-password'

export async function loader({ request }: Route.LoaderArgs) {
  await requireGuest(request)
  const token = new URL(request.url).searchParams.get('token')
  const valid = await isResetTokenValid(token)
  return data({ token: valid ? token : null }, { status: valid ? 200 : 400 })
}

export async function action({ request }: Route.ActionArgs) {
  await requireGuest(request)
  const parsed = parseForm(ResetPasswordSchema, await readForm(request))
  if (!parsed.ok) {
    return data({ fieldErrors: parsed.fieldErrors, message: '', done: false }, { status: 400 })
  }
  const outcome = await resetPassword(parsed.data)
  if (!outcome.ok) {
    return data(
      { fieldErrors: NO_FIELD_ERRORS, message: outcome.message, done: false },
      { status: 400 },
    )
  }
  return { fieldErrors: NO_FIELD_ERRORS, message: outcome.message ?? '', done: true }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const updating = navigation.state === 'submitting'

  if (actionData?.done) {
    return (
      <AuthCard title="Reset Password">
        <FormMessage tone="success">{actionData.message}</FormMessage>
        <ButtonLink to="/signin" className="mt-6 w-full">
          Sign in with your new password
        </ButtonLink>
      </AuthCard>
    )
  }

  if (!loaderData.token || actionData?.fieldErrors.token) {
    return (
      <AuthCard title="Reset Password">
        <FormMessage tone="error">{INVALID_RESET_LINK}</FormMessage>
        <ButtonLink to="/signin?forgot=1" className="mt-6 w-full">
          Request a new link
        </ButtonLink>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Reset Password">
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <FormMessage tone="error">{actionData?.message}</FormMessage>
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
          error={actionData?.fieldErrors.password}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={actionData?.fieldErrors.confirmPassword}
        />
        <Button type="submit" disabled={updating} className="w-full">
          {updating ? 'Updating...' : 'Update Password'}
        </Button>
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Reset Password' })
