import { getFormProps } from '@conform-to/react'
import { useMemo } from 'react'
import { data, Form } from 'react-router'
import { PASSWORD_UPDATED } from '~/auth/forms'
import { requireUser } from '~/auth/guards.server'
import {
  CHECK_YOUR_INPUT,
  ChangePasswordSchema,
  PROFILE_UPDATED,
  ProfileIntentSchema,
  ProfileSchema,
} from '~/customers/profile'
import { changePassword, getProfile, updateProfile } from '~/customers/profile.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  replyRefused,
  useSchemaForm,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { Route } from './+types/profile'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const profile = await getProfile(getDb(), user.id)
  if (!profile) throw data(null, { status: 404 })
  return { profile }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const form = await readForm(request)
  const intent = parseSubmission(form, ProfileIntentSchema)
  if (intent.status !== 'success') return replyRefused(intent, CHECK_YOUR_INPUT, 400)
  const db = getDb()

  if (intent.value.intent === 'profile') {
    // What was typed comes back with any error, so a page without JavaScript shows it.
    const submission = parseSubmission(form, ProfileSchema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'profile' })
    await updateProfile(db, user.id, submission.value)
    return replyDone(submission, PROFILE_UPDATED, { form: 'profile', keep: true })
  }

  // Passwords are never sent back; a changed one is not left sitting in the fields.
  const options = {
    form: 'password',
    hideFields: ['currentPassword', 'newPassword', 'confirmPassword'],
  }
  const submission = parseSubmission(form, ChangePasswordSchema)
  if (submission.status !== 'success') return replyInvalid(submission, options)
  const outcome = await changePassword(db, request, user.id, submission.value)
  if (outcome.ok) return replyDone(submission, PASSWORD_UPDATED, options)
  if (!outcome.field) return replyRefused(submission, outcome.message, outcome.status, options)
  // A wrong current password is said next to that field.
  return data<FormReply>(
    {
      ...submission.reply({
        fieldErrors: { [outcome.field]: [outcome.message] },
        hideFields: options.hideFields,
      }),
      form: options.form,
    },
    { status: outcome.status },
  )
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData
  const savingProfile = useIsPending({ intent: 'profile' })
  const updatingPassword = useIsPending({ intent: 'password' })
  const profileReply = actionData?.form === 'profile' ? actionData : undefined
  const passwordReply = actionData?.form === 'password' ? actionData : undefined
  const pageError = actionData && !actionData.form ? actionData.error?.['']?.[0] : undefined

  const defaultValue = useMemo(
    () => ({
      firstName: profile.first_name,
      lastName: profile.last_name,
      phone: profile.phone ?? '',
    }),
    [profile],
  )
  const [profileForm, profileFields] = useSchemaForm(ProfileSchema, {
    id: 'profile',
    lastResult: profileReply,
    defaultValue,
  })
  const [passwordForm, passwordFields] = useSchemaForm(ChangePasswordSchema, {
    id: 'password',
    lastResult: passwordReply,
  })

  return (
    <div className="space-y-8">
      <Heading level={1}>Profile</Heading>
      <FormMessage tone="error">{pageError}</FormMessage>

      <section
        aria-labelledby="personal-heading"
        className="rounded-lg border border-earth-100 bg-white p-6"
      >
        <h2 id="personal-heading" className="font-display text-xl font-bold text-ink">
          Personal Information
        </h2>
        <Form method="post" {...getFormProps(profileForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          {profileReply?.status === 'success' && profileForm.status !== 'error' ? (
            <FormMessage tone="success">{profileReply.message}</FormMessage>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              field={profileFields.firstName}
              autoComplete="given-name"
              maxLength={100}
            />
            <TextField
              label="Last name"
              field={profileFields.lastName}
              autoComplete="family-name"
              maxLength={100}
            />
          </div>
          <dl>
            <dt className="text-sm font-semibold text-ink">Email</dt>
            <dd className="mt-1 break-all text-ink">{profile.email}</dd>
            <dd className="mt-1 text-sm text-muted">
              Your email address is how you sign in; it cannot be changed here.
            </dd>
          </dl>
          <TextField
            label="Phone"
            field={profileFields.phone}
            type="tel"
            autoComplete="tel"
            maxLength={20}
          />
          <StatusButton
            type="submit"
            status={savingProfile ? 'pending' : 'idle'}
            pendingText="Saving..."
          >
            Save Changes
          </StatusButton>
        </Form>
      </section>

      <section
        aria-labelledby="password-heading"
        className="rounded-lg border border-earth-100 bg-white p-6"
      >
        <h2 id="password-heading" className="font-display text-xl font-bold text-ink">
          Change Password
        </h2>
        <Form method="post" {...getFormProps(passwordForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="password" />
          {passwordReply?.status === 'success' && passwordForm.status !== 'error' ? (
            <FormMessage tone="success">{passwordReply.message}</FormMessage>
          ) : null}
          <FormMessage tone="error">{passwordForm.errors?.[0]}</FormMessage>
          <TextField
            label="Current password"
            field={passwordFields.currentPassword}
            type="password"
            autoComplete="current-password"
          />
          <TextField
            label="New password"
            field={passwordFields.newPassword}
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
          />
          <TextField
            label="Confirm new password"
            field={passwordFields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <StatusButton
            type="submit"
            status={updatingPassword ? 'pending' : 'idle'}
            pendingText="Updating..."
          >
            Update Password
          </StatusButton>
        </Form>
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Profile' })
