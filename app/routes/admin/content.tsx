import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import {
  type FarmInfoForAdmin,
  getFarmInfoForAdmin,
  updateFarmInfo,
} from '~/farm/admin/farm.server'
import {
  FARM_IMAGE_FIELDS,
  FarmInfoFormSchema,
  FarmInfoSchema,
  MAX_RANGES_A_DAY,
  NEW_OPENING_RANGE,
  openingRangesByDay,
  removeImageField,
} from '~/farm/admin/farm-form'
import { pageMeta } from '~/farm/meta'
import { DAY_NAMES, DAYS } from '~/farm/opening-hours'
import { replyFieldRefused } from '~/platform/admin/image-field.server'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { PictureUploadField } from '~/platform/admin/ui/picture-upload-field'
import { getDb } from '~/platform/db/db.server'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  useSchemaForm,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button, ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { StatusButton } from '~/platform/ui/status-button'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { Route } from './+types/content'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { farm: await getFarmInfoForAdmin(getDb()) }
}

// One form, sent as multipart for the pictures. Opening hours are a list of openings per day:
// "Add hours" and "Remove" are Conform's list buttons, handled in the browser, or (without
// JavaScript) posted here, where the reply sends the list back with the row added or removed.
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  const submission = parseSubmission(form, FarmInfoSchema)
  if (submission.status !== 'success') return replyInvalid(submission)
  const saved = await updateFarmInfo(getDb(), admin.id, submission.value, form)
  if (!saved.ok) return replyFieldRefused(submission, saved.fieldErrors)
  return replyDone(submission, 'Farm information saved.')
}

const SECTIONS = [
  { show: 'show_values_section', title: 'values_title', label: 'Values' },
  { show: 'show_practices_section', title: 'practices_title', label: 'Practices' },
  { show: 'show_team_section', title: 'team_title', label: 'Team' },
  { show: 'show_visit_section', title: 'visit_title', label: 'Visit' },
] as const

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
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
      {/* A new key after each save starts the form afresh from what was saved, so a chosen
          file is not sent twice. */}
      <FarmInfoForm
        key={String(loaderData.farm.updated_at)}
        farm={loaderData.farm}
        reply={actionData}
      />
    </>
  )
}

/** What the form starts from: the stored row, ticked boxes as "on", the hours as rows. */
function storedValues(farm: FarmInfoForAdmin) {
  const tick = (on: boolean) => (on ? 'on' : '')
  return {
    name: farm.name,
    description: farm.description,
    story: farm.story,
    mission: farm.mission,
    contact_email: farm.contact_email,
    contact_phone: farm.contact_phone ?? '',
    address: farm.address,
    facebook_url: farm.facebook_url ?? '',
    instagram_url: farm.instagram_url ?? '',
    hours: openingRangesByDay(farm.opening_hours),
    show_values_section: tick(farm.show_values_section),
    show_practices_section: tick(farm.show_practices_section),
    show_team_section: tick(farm.show_team_section),
    show_visit_section: tick(farm.show_visit_section),
    values_title: farm.values_title,
    practices_title: farm.practices_title,
    team_title: farm.team_title,
    visit_title: farm.visit_title,
    visit_description: farm.visit_description,
    promise: farm.promise ?? '',
  }
}

function FarmInfoForm({ farm, reply }: { farm: FarmInfoForAdmin; reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(FarmInfoFormSchema, {
    id: 'farm-info',
    lastResult: reply,
    defaultValue: storedValues(farm),
  })
  const hours = fields.hours.getFieldset()
  // The remove-picture boxes are not in the schema (the pictures are files): read back as sent.
  const sent = (form.initialValue ?? {}) as Record<string, unknown>
  const submitting = useIsPending()

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      {/* The first submit button is the one Enter presses: saving, not a list button. */}
      <button type="submit" hidden tabIndex={-1} />
      {reply?.status === 'success' && form.status !== 'error' ? (
        <FormMessage tone="success">{reply.message}</FormMessage>
      ) : null}
      {form.status === 'error' ? (
        <FormMessage tone="error">Please fix the fields marked below.</FormMessage>
      ) : null}

      <AdminPanel title="The farm">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Farm name" field={fields.name} maxLength={100} />
          <TextField label="Address" field={fields.address} maxLength={300} />
          <TextField label="Contact email" field={fields.contact_email} type="email" />
          <TextField
            label="Contact phone"
            field={fields.contact_phone}
            type="tel"
            hint="Leave blank to show no phone number."
          />
        </div>
        <div className="mt-4 space-y-4">
          <TextAreaField
            label="Short description"
            field={fields.description}
            rows={2}
            maxLength={500}
          />
          <TextAreaField label="Our story" field={fields.story} rows={8} />
          <p className="-mt-3 text-sm text-muted">Leave a blank line between paragraphs.</p>
          <TextAreaField label="Our mission" field={fields.mission} rows={3} />
          <TextAreaField label="Our promise" field={fields.promise} rows={2} maxLength={500} />
          <p className="-mt-3 text-sm text-muted">
            On every product page, beside who grows it. Leave blank to show none.
          </p>
        </div>
      </AdminPanel>

      <AdminPanel title="Social links">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Facebook page link"
            field={fields.facebook_url}
            type="url"
            placeholder="https://www.facebook.com/yourfarm"
            hint="Leave blank to show no Facebook link."
          />
          <TextField
            label="Instagram link"
            field={fields.instagram_url}
            type="url"
            placeholder="https://www.instagram.com/yourfarm"
            hint="Leave blank to show no Instagram link."
          />
        </div>
      </AdminPanel>

      <AdminPanel title="Opening hours">
        <p className="mb-4 text-sm text-muted">
          Tick the days the farm is open and set the times (Idaho time). They show on the About and
          Contact pages and tell search engines when you are open.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {DAYS.map((day) => {
            const list = hours[day]
            const rows = list.getFieldList()
            const dayName = DAY_NAMES[day]
            return (
              <fieldset key={day} className="rounded-md border border-earth-100 p-3">
                <legend className="px-1 font-semibold text-ink">{dayName}</legend>
                {rows.length === 0 ? <p className="text-sm text-muted">Closed</p> : null}
                {rows.map((row, index) => {
                  const range = row.getFieldset()
                  return (
                    <div
                      key={row.key}
                      className="mt-2 grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 sm:gap-3"
                    >
                      <TextField label="Opens" field={range.opens} type="time" />
                      <TextField label="Closes" field={range.closes} type="time" />
                      <Button
                        {...form.remove.getButtonProps({ name: list.name, index })}
                        variant="outline"
                        size="small"
                        className="mb-1"
                      >
                        Remove
                        <span className="sr-only">
                          {' '}
                          hours {index + 1} on {dayName}
                        </span>
                      </Button>
                    </div>
                  )
                })}
                <FieldError id={`${list.id}-error`} message={list.errors?.[0]} />
                {rows.length < MAX_RANGES_A_DAY ? (
                  <Button
                    {...form.insert.getButtonProps({
                      name: list.name,
                      defaultValue: NEW_OPENING_RANGE,
                    })}
                    variant="outline"
                    size="small"
                    className="mt-3"
                  >
                    Add hours
                    <span className="sr-only"> on {dayName}</span>
                  </Button>
                ) : null}
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
                field={fields[section.show]}
              />
              <TextField
                label={`${section.label} section title`}
                field={fields[section.title]}
                maxLength={100}
              />
            </div>
          ))}
          <TextAreaField
            label="Visit section description"
            field={fields.visit_description}
            rows={3}
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
                <PictureUploadField
                  label={field.label}
                  name={field.column}
                  hint={field.hint}
                  error={form.allErrors[field.column]?.[0]}
                />
                {current ? (
                  <CheckboxField
                    label={`Remove the ${field.label.toLowerCase()}`}
                    name={removeImageField(field.column)}
                    defaultChecked={sent[removeImageField(field.column)] === 'on'}
                  />
                ) : null}
              </div>
            )
          })}
        </div>
      </AdminPanel>

      <StatusButton type="submit" status={submitting ? 'pending' : 'idle'} pendingText="Saving...">
        Save Farm Information
      </StatusButton>
    </Form>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Content' })
