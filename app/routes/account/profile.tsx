import { useEffect, useRef } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { PASSWORD_UPDATED } from '~/auth/forms'
import { requireUser } from '~/auth/guards.server'
import {
  ChangePasswordSchema,
  PROFILE_UPDATED,
  ProfileActionSchema,
  ProfileSchema,
} from '~/customers/profile'
import { changePassword, getProfile, updateProfile } from '~/customers/profile.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { type FieldErrors, parseForm, readForm } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { useClientValidation } from '~/platform/ui/use-client-validation'
import type { Route } from './+types/profile'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const profile = await getProfile(getDb(), user.id)
  if (!profile) throw data(null, { status: 404 })
  return { profile }
}

type ActionResult =
  | { ok: true; intent: 'profile' | 'password'; message: string }
  | { ok: false; fieldErrors: FieldErrors; values?: ProfileValues }

type ProfileValues = { firstName?: string; lastName?: string; phone?: string }

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const form = await readForm(request)
  const result = parseForm(ProfileActionSchema, form)
  if (!result.ok) {
    // Sent back so a page without JavaScript shows what was typed (never the passwords).
    let values: ProfileValues | undefined
    if (form.get('intent') === 'profile') {
      values = {}
      for (const name of ['firstName', 'lastName', 'phone'] as const) {
        const value = form.get(name)
        if (typeof value === 'string') values[name] = value.slice(0, 200)
      }
    }
    return data<ActionResult>({ ok: false, fieldErrors: result.fieldErrors, values }, 400)
  }
  const db = getDb()
  const input = result.data
  if (input.intent === 'profile') {
    await updateProfile(db, user.id, input)
    return data<ActionResult>({ ok: true, intent: 'profile', message: PROFILE_UPDATED })
  }
  const outcome = await changePassword(db, request, user.id, input)
  if (!outcome.ok) {
    // A message about the password form as a whole sits under the key `password`.
    const fieldErrors = { [outcome.field ?? 'password']: outcome.message }
    return data<ActionResult>({ ok: false, fieldErrors }, { status: outcome.status })
  }
  return data<ActionResult>({ ok: true, intent: 'password', message: PASSWORD_UPDATED })
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData
  const navigation = useNavigation()
  const pendingIntent =
    navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined

  const profileForm = useClientValidation(ProfileSchema)
  const passwordForm = useClientValidation(ChangePasswordSchema)
  const serverErrors = actionData && !actionData.ok ? actionData.fieldErrors : {}
  const profileErrors = profileForm.errors ?? serverErrors
  const passwordErrors = passwordForm.errors ?? serverErrors
  const success = actionData?.ok ? actionData : null
  const typed = actionData && !actionData.ok ? actionData.values : undefined

  // A changed password is not left sitting in the fields.
  const passwordRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (success?.intent === 'password') passwordRef.current?.reset()
  }, [success])

  return (
    <div className="space-y-8">
      <Heading level={1}>Profile</Heading>
      <FormMessage tone="error">
        {serverErrors.intent ? 'Please check your input and try again.' : null}
      </FormMessage>

      <section
        aria-labelledby="personal-heading"
        className="rounded-lg border border-earth-100 bg-white p-6"
      >
        <h2 id="personal-heading" className="font-display text-xl font-bold text-ink">
          Personal Information
        </h2>
        <Form method="post" noValidate onSubmit={profileForm.onSubmit} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          {success?.intent === 'profile' && !profileForm.errors ? (
            <FormMessage tone="success">{success.message}</FormMessage>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={typed?.firstName ?? profile.first_name}
              error={profileErrors.firstName}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={100}
              defaultValue={typed?.lastName ?? profile.last_name}
              error={profileErrors.lastName}
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
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={20}
            defaultValue={typed?.phone ?? profile.phone ?? ''}
            error={profileErrors.phone}
          />
          <Button type="submit" disabled={pendingIntent === 'profile'}>
            {pendingIntent === 'profile' ? 'Saving...' : 'Save Changes'}
          </Button>
        </Form>
      </section>

      <section
        aria-labelledby="password-heading"
        className="rounded-lg border border-earth-100 bg-white p-6"
      >
        <h2 id="password-heading" className="font-display text-xl font-bold text-ink">
          Change Password
        </h2>
        <Form
          ref={passwordRef}
          method="post"
          noValidate
          onSubmit={passwordForm.onSubmit}
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="password" />
          {success?.intent === 'password' && !passwordForm.errors ? (
            <FormMessage tone="success">{success.message}</FormMessage>
          ) : null}
          {passwordForm.errors ? null : (
            <FormMessage tone="error">{serverErrors.password}</FormMessage>
          )}
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={passwordErrors.currentPassword}
          />
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            hint="At least 8 characters."
            error={passwordErrors.newPassword}
          />
          <TextField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={passwordErrors.confirmPassword}
          />
          <Button type="submit" disabled={pendingIntent === 'password'}>
            {pendingIntent === 'password' ? 'Updating...' : 'Update Password'}
          </Button>
        </Form>
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Profile' })
