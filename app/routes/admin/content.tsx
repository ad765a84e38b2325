import { data, Form, useNavigation } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { getFarmInfoForAdmin, updateFarmInfo } from '~/farm/admin/farm.server'
import {
  FARM_IMAGE_FIELDS,
  FarmInfoSchema,
  hoursField,
  removeImageField,
} from '~/farm/admin/farm-form'
import { pageMeta } from '~/farm/meta'
import { DAY_NAMES, DAYS, openingHoursByDay } from '~/farm/opening-hours'
import { textFields } from '~/platform/admin/image-field.server'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { type FieldErrors, parseForm, readForm } from '~/platform/forms/form-data'
import { Button, ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { useClientValidation } from '~/platform/ui/use-client-validation'
import type { Route } from './+types/content'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { farm: await getFarmInfoForAdmin(getDb()) }
}

type ActionResult =
  | { ok: true }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> }

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  const values = textFields(form)
  const parsed = parseForm(FarmInfoSchema, values)
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, fieldErrors: parsed.fieldErrors, values }, 400)
  }
  const saved = await updateFarmInfo(getDb(), admin.id, parsed.data, form)
  if (!saved.ok)
    return data<ActionResult>({ ok: false, fieldErrors: saved.fieldErrors, values }, 400)
  return data<ActionResult>({ ok: true })
}

const SECTIONS = [
  { show: 'show_values_section', title: 'values_title', label: 'Values' },
  { show: 'show_practices_section', title: 'practices_title', label: 'Practices' },
  { show: 'show_team_section', title: 'team_title', label: 'Team' },
  { show: 'show_visit_section', title: 'visit_title', label: 'Visit' },
] as const

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { farm } = loaderData
  const navigation = useNavigation()
  const client = useClientValidation(FarmInfoSchema)
  const failed = actionData && !actionData.ok ? actionData : null
  const errors = client.errors ?? failed?.fieldErrors ?? {}
  const typed = failed?.values
  const saved = farm as unknown as Record<string, string | boolean | null>
  const text = (name: string) => typed?.[name] ?? String(saved[name] ?? '')
  const ticked = (name: string, stored: boolean) => (typed ? typed[name] === 'on' : stored)
  const week = openingHoursByDay(farm.opening_hours)
  const submitting = navigation.state === 'submitting'

  return (
    <>
      <AdminPageHeader
        title="Content"
        description="The farm's words and pictures on Home, About, Contact and Grass-Fed Beef. Saved changes show on the shop at once."
        actions={
          <>
            <ButtonLink to="/admin/content/team" variant="secondary">
              Team Members
            </ButtonLink>
            <ButtonLink to="/admin/content/gallery" variant="secondary">
              Picture Gallery
            </ButtonLink>
            <ButtonLink to="/admin/content/policies/terms" variant="secondary">
              Policies
            </ButtonLink>
          </>
        }
      />
      {/* A new key after each save starts the form afresh, so a chosen file is not sent twice. */}
      <Form
        key={String(farm.updated_at)}
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={client.onSubmit}
        className="space-y-6"
      >
        {actionData?.ok && !client.errors ? (
          <FormMessage tone="success">Farm information saved.</FormMessage>
        ) : null}
        {failed || client.errors ? (
          <FormMessage tone="error">Please fix the fields marked below.</FormMessage>
        ) : null}

        <AdminPanel title="The farm">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Farm name"
              name="name"
              maxLength={100}
              defaultValue={text('name')}
              error={errors.name}
            />
            <TextField
              label="Address"
              name="address"
              maxLength={300}
              defaultValue={text('address')}
              error={errors.address}
            />
            <TextField
              label="Contact email"
              name="contact_email"
              type="email"
              defaultValue={text('contact_email')}
              error={errors.contact_email}
            />
            <TextField
              label="Contact phone"
              name="contact_phone"
              type="tel"
              hint="Leave blank to show no phone number."
              defaultValue={text('contact_phone')}
              error={errors.contact_phone}
            />
          </div>
          <div className="mt-4 space-y-4">
            <TextAreaField
              label="Short description"
              name="description"
              rows={2}
              maxLength={500}
              defaultValue={text('description')}
              error={errors.description}
            />
            <TextAreaField
              label="Our story"
              name="story"
              rows={8}
              defaultValue={text('story')}
              error={errors.story}
            />
            <p className="-mt-3 text-sm text-muted">Leave a blank line between paragraphs.</p>
            <TextAreaField
              label="Our mission"
              name="mission"
              rows={3}
              defaultValue={text('mission')}
              error={errors.mission}
            />
          </div>
        </AdminPanel>

        <AdminPanel title="Social links">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Facebook page link"
              name="facebook_url"
              type="url"
              placeholder="https://www.facebook.com/yourfarm"
              hint="Leave blank to show no Facebook link."
              defaultValue={text('facebook_url')}
              error={errors.facebook_url}
            />
            <TextField
              label="Instagram link"
              name="instagram_url"
              type="url"
              placeholder="https://www.instagram.com/yourfarm"
              hint="Leave blank to show no Instagram link."
              defaultValue={text('instagram_url')}
              error={errors.instagram_url}
            />
          </div>
        </AdminPanel>

        <AdminPanel title="Opening hours">
          <p className="mb-4 text-sm text-muted">
            Tick the days the farm is open and set the times (Idaho time). They show on the About
            and Contact pages and tell search engines when you are open.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {DAYS.map((day) => {
              const hours = week[day]
              return (
                <fieldset key={day} className="rounded-md border border-earth-100 p-3">
                  <legend className="px-1 font-semibold text-ink">{DAY_NAMES[day]}</legend>
                  <CheckboxField
                    label="Open"
                    name={hoursField(day, 'open')}
                    defaultChecked={ticked(hoursField(day, 'open'), hours.open)}
                  />
                  <div className="mt-2 grid grid-cols-2 gap-3">
                    <TextField
                      label="Opens"
                      name={hoursField(day, 'opens')}
                      type="time"
                      defaultValue={typed?.[hoursField(day, 'opens')] ?? hours.opens}
                      error={errors[hoursField(day, 'opens')]}
                    />
                    <TextField
                      label="Closes"
                      name={hoursField(day, 'closes')}
                      type="time"
                      defaultValue={typed?.[hoursField(day, 'closes')] ?? hours.closes}
                      error={errors[hoursField(day, 'closes')]}
                    />
                  </div>
                </fieldset>
              )
            })}
          </div>
        </AdminPanel>

        <AdminPanel title="About page sections">
          <div className="space-y-5">
            {SECTIONS.map((section) => (
              <div key={section.show} className="grid gap-2 sm:grid-cols-[14rem_1fr] sm:items-end">
                <CheckboxField
                  label={`Show the ${section.label} section`}
                  name={section.show}
                  defaultChecked={ticked(section.show, farm[section.show])}
                />
                <TextField
                  label={`${section.label} section title`}
                  name={section.title}
                  maxLength={100}
                  defaultValue={text(section.title)}
                  error={errors[section.title]}
                />
              </div>
            ))}
            <TextAreaField
              label="Visit section description"
              name="visit_description"
              rows={3}
              defaultValue={text('visit_description')}
              error={errors.visit_description}
            />
          </div>
        </AdminPanel>

        <AdminPanel title="Pictures">
          <p className="mb-4 text-sm text-muted">
            JPEG, PNG, WebP or AVIF, up to 20 MB. Choose a file only for the pictures you want to
            change; the others stay as they are.
          </p>
          <div className="grid gap-6 md:grid-cols-2">
            {FARM_IMAGE_FIELDS.map((field) => {
              const current = farm[field.column]
              return (
                <div key={field.column} className="space-y-2">
                  <div className="flex h-32 items-center justify-center overflow-hidden rounded-md border border-earth-100 bg-earth-50">
                    {current ? (
                      <ResponsiveImage
                        src={current}
                        alt={`Current ${field.label.toLowerCase()}`}
                        width={240}
                        height={128}
                        className="h-32 w-auto object-contain"
                      />
                    ) : (
                      <p className="text-sm text-muted">No picture yet</p>
                    )}
                  </div>
                  <TextField
                    label={field.label}
                    name={field.column}
                    type="file"
                    accept="image/jpeg,image/png,image/webp,image/avif"
                    hint={field.hint}
                    error={errors[field.column]}
                  />
                  {current ? (
                    <CheckboxField
                      label={`Remove the ${field.label.toLowerCase()}`}
                      name={removeImageField(field.column)}
                      defaultChecked={ticked(removeImageField(field.column), false)}
                    />
                  ) : null}
                </div>
              )
            })}
          </div>
        </AdminPanel>

        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving...' : 'Save Farm Information'}
        </Button>
      </Form>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Content' })
