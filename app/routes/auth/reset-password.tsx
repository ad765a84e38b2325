import { getFormProps } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { isResetTokenValid, resetPassword } from '~/auth/accounts.server'
import { AuthCard } from '~/auth/auth-card'
import { INVALID_RESET_LINK, PASSWORD_UPDATED, ResetPasswordSchema } from '~/auth/forms'
import { requireGuest } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import {
  parseSubmission,
  replyInvalid,
  replyRefused,
  useSchemaForm,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { ButtonLink } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { Route } from './+types/reset-password'

// After a reset the browser is sent here: the link's token is used up by then, so the page
// that says it worked cannot be the link's page (its loader would answer 400).
const DONE_URL = '/reset-password?done=1'

export async function loader({ request }: Route.LoaderArgs) {
  await requireGuest(request)
  const params = new URL(request.url).searchParams
  if (params.has('done')) return { done: true, token: null }
  const token = params.get('token')
  const valid = await isResetTokenValid(token)
  return data({ done: false, token: valid ? token : null }, { status: valid ? 200 : 400 })
}

export async function action({ request }: Route.ActionArgs) {
  await requireGuest(request)
  const submission = parseSubmission(await readForm(request), ResetPasswordSchema)
  const hideFields = ['password', 'confirmPassword']
  if (submission.status !== 'success') return replyInvalid(submission, { hideFields })
  const outcome = await resetPassword(submission.value)
  if (outcome.ok) throw redirect(DONE_URL, { headers: outcome.headers })
  return replyRefused(submission, outcome.message, 400, { hideFields })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const updating = useIsPending()
  const [form, fields] = useSchemaForm(ResetPasswordSchema, {
    id: 'reset-password',
    lastResult: actionData,
  })

  if (loaderData.done) {
    return (
      <AuthCard title="Reset Password">
        <FormMessage tone="success">{PASSWORD_UPDATED}</FormMessage>
        <ButtonLink to="/signin" className="mt-6 w-full">
          Sign in with your new password
        </ButtonLink>
      </AuthCard>
    )
  }

  if (!loaderData.token || actionData?.error?.token) {
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
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
        <TextField
          label="New password"
          field={fields.password}
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <TextField
          label="Confirm new password"
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <StatusButton
          type="submit"
          status={updating ? 'pending' : 'idle'}
          pendingText="Updating..."
          className="w-full"
        >
          Update Password
        </StatusButton>
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Reset Password' })
