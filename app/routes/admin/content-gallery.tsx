import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { GalleryActionSchema, GalleryImageSchema } from '~/farm/admin/farm-form'
import {
  type AdminGalleryImage,
  changeGallery,
  listGalleryForAdmin,
} from '~/farm/admin/gallery.server'
import { type ListReply, runListAction } from '~/farm/admin/list-action.server'
import { DisplayOrderButtons, ListActionMessage, replyFor } from '~/farm/admin/list-ui'
import { pageMeta } from '~/farm/meta'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPageHeader, AdminPanel, EmptyState } from '~/platform/admin/ui/page'
import { PictureUploadField } from '~/platform/admin/ui/picture-upload-field'
import { getDb } from '~/platform/db/db.server'
import { useSchemaForm } from '~/platform/forms/conform'
import { Button, ButtonLink, buttonVariants } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { Route } from './+types/content-gallery'

// The farm's picture gallery (farm_images) in display order: upload with a description,
// reorder, edit the words, remove.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { images: await listGalleryForAdmin(getDb()) }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return runListAction(request, admin, GalleryActionSchema, changeGallery)
}

export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { images } = loaderData
  return (
    <>
      <AdminPageHeader
        title="Picture Gallery"
        description="Pictures of the farm, in the order they are shown."
        actions={
          <ButtonLink to="/admin/content" variant="secondary">
            Back to Content
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        <ListActionMessage reply={actionData} />
        {images.length === 0 ? (
          <EmptyState>No pictures yet. Upload the first one below.</EmptyState>
        ) : (
          <ol aria-label="Gallery pictures in order" className="space-y-4">
            {images.map((image, index) => (
              <GalleryItem
                key={image.id}
                image={image}
                position={index + 1}
                last={index === images.length - 1}
                reply={replyFor(actionData, `update:${image.id}`)}
              />
            ))}
          </ol>
        )}
        <UploadForm
          key={actionData?.form === 'create' ? (actionData.id ?? 'upload') : 'upload'}
          reply={replyFor(actionData, 'create')}
        />
      </div>
    </>
  )
}

function GalleryItem({
  image,
  position,
  last,
  reply,
}: {
  image: AdminGalleryImage
  position: number
  last: boolean
  reply: ListReply | undefined
}) {
  const [form, fields] = useSchemaForm(GalleryImageSchema, {
    id: `gallery-${image.id}`,
    lastResult: reply,
    defaultValue: { alt_text: image.alt_text, caption: image.caption ?? '' },
  })
  const name = `picture ${position}`
  return (
    <li className="grid gap-4 rounded-lg border border-earth-100 bg-white p-4 sm:grid-cols-[12rem_1fr]">
      <div>
        <ResponsiveImage
          src={image.image_url}
          alt={image.alt_text}
          width={192}
          height={128}
          className="h-32 w-48 rounded-md object-cover"
        />
        <p className="mt-1 text-sm text-muted">Picture {position}</p>
      </div>
      <div className="space-y-3">
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={image.id} />
          <TextField label={`Description of ${name} (alt text)`} field={fields.alt_text} />
          <TextField label={`Caption of ${name}`} field={fields.caption} />
          <Button type="submit" variant="outline" size="small">
            Save Details<span className="sr-only"> of {name}</span>
          </Button>
        </Form>
        <div className="flex flex-wrap gap-2">
          <DisplayOrderButtons id={image.id} name={name} first={position === 1} last={last} />
          <Form method="post">
            <input type="hidden" name="id" value={image.id} />
            <ConfirmSubmitButton
              name="intent"
              value="remove"
              title="Remove this picture?"
              question={`"${image.alt_text}" will be removed from the gallery.`}
              confirmLabel="Remove"
              className={buttonVariants({ variant: 'danger', size: 'small' })}
            >
              Remove<span className="sr-only"> {name}</span>
            </ConfirmSubmitButton>
          </Form>
        </div>
      </div>
    </li>
  )
}

function UploadForm({ reply }: { reply: ListReply | undefined }) {
  const [form, fields] = useSchemaForm(GalleryImageSchema, {
    id: 'gallery-new',
    lastResult: reply,
  })
  const submitting = useIsPending({ intent: 'create' })
  return (
    <AdminPanel title="Add a picture">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="create" />
        <PictureUploadField
          label="Picture"
          error={form.allErrors.image?.[0]}
          description={{
            label: 'Description (alt text)',
            field: fields.alt_text,
            example: 'Cows grazing the river pasture at dawn.',
          }}
        />
        <TextField label="Caption (optional)" field={fields.caption} />
        <StatusButton
          type="submit"
          status={submitting ? 'pending' : 'idle'}
          pendingText="Uploading..."
        >
          Add Picture
        </StatusButton>
      </Form>
    </AdminPanel>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Picture Gallery' })
