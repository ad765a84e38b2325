import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPanel, EmptyState } from '~/platform/admin/ui/page'
import { PictureUploadField } from '~/platform/admin/ui/picture-upload-field'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button, buttonVariants } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { AdminPicture } from './product-pictures.server'
import { MAX_PICTURES, PictureDescribeSchema, PictureUploadSchema } from './product-pictures-form'

// The product editor's Pictures section (issue 22 item 4): every picture in order, each with
// its description, Move up / Move down and Remove, and a form to upload another. Each is a
// small plain form posting to the product's action, so all of it works without JavaScript.

export function ProductPictures({
  pictures,
  reply,
}: {
  pictures: readonly AdminPicture[]
  /** the last picture form's reply, if a picture form sent the last post */
  reply: FormReply | undefined
}) {
  const listReply = reply?.form === 'picture-list' ? reply : undefined
  const addReply = reply?.form === 'picture-add' ? reply : undefined
  return (
    <AdminPanel title="Pictures" className="mt-6">
      <p className="text-sm text-muted">
        Shoppers see every picture on the product page, in this order. The first is the cover: the
        shop's cards, the cart and emails show it.
      </p>
      <div className="mt-4 space-y-4">
        {listReply?.status === 'success' || addReply?.status === 'success' ? (
          <FormMessage tone="success">{(listReply ?? addReply)?.message}</FormMessage>
        ) : listReply ? (
          <FormMessage tone="error">{listReply.error?.['']?.[0]}</FormMessage>
        ) : null}
        {pictures.length === 0 ? (
          <EmptyState>No pictures yet. Upload the first one below.</EmptyState>
        ) : (
          <ol aria-label="Pictures in order" className="space-y-4">
            {pictures.map((picture, index) => (
              <PictureItem
                key={picture.id ?? 'cover'}
                picture={picture}
                position={index + 1}
                last={index === pictures.length - 1}
                reply={
                  picture.id && reply?.form === `picture-describe:${picture.id}` ? reply : undefined
                }
              />
            ))}
          </ol>
        )}
        {pictures.length < MAX_PICTURES ? (
          <UploadPicture
            // A new form after each picture added, so its fields start empty.
            key={`upload-${pictures.length}`}
            reply={addReply?.status === 'success' ? undefined : addReply}
          />
        ) : (
          <p className="text-sm text-muted">
            This product has {MAX_PICTURES} pictures, the most it can have.
          </p>
        )}
      </div>
    </AdminPanel>
  )
}

function PictureItem({
  picture,
  position,
  last,
  reply,
}: {
  picture: AdminPicture
  position: number
  last: boolean
  reply: FormReply | undefined
}) {
  const name = `picture ${position}`
  return (
    <li className="grid gap-4 rounded-lg border border-earth-100 bg-white p-4 sm:grid-cols-[10rem_1fr]">
      <div>
        <ResponsiveImage
          src={picture.image_url}
          alt={picture.alt_text}
          width={160}
          height={120}
          className="aspect-[4/3] w-40 rounded-md object-cover"
        />
        <p className="mt-1 text-sm text-muted">
          Picture {position}
          {position === 1 ? ' (cover)' : ''}
        </p>
      </div>
      {picture.id ? (
        <div className="space-y-3">
          <DescribeForm id={picture.id} name={name} altText={picture.alt_text} reply={reply} />
          <div className="flex flex-wrap gap-2">
            {(['up', 'down'] as const).map((direction) => (
              <Form method="post" key={direction}>
                <input type="hidden" name="intent" value="picture-move" />
                <input type="hidden" name="pictureId" value={picture.id ?? ''} />
                <Button
                  type="submit"
                  name="direction"
                  value={direction}
                  variant="outline"
                  size="small"
                  disabled={direction === 'up' ? position === 1 : last}
                >
                  Move {direction}
                  <span className="sr-only"> {name}</span>
                </Button>
              </Form>
            ))}
            <Form method="post">
              <input type="hidden" name="pictureId" value={picture.id} />
              <ConfirmSubmitButton
                name="intent"
                value="picture-remove"
                title="Remove this picture?"
                question={`"${picture.alt_text}" will be removed from this product.`}
                confirmLabel="Remove"
                className={buttonVariants({ variant: 'danger', size: 'small' })}
              >
                Remove<span className="sr-only"> {name}</span>
              </ConfirmSubmitButton>
            </Form>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted">
          The cover from the Picture field above. Pictures you add come after it, and then it can be
          moved like any other.
        </p>
      )}
    </li>
  )
}

function DescribeForm({
  id,
  name,
  altText,
  reply,
}: {
  id: string
  name: string
  altText: string
  reply: FormReply | undefined
}) {
  const [form, fields] = useSchemaForm(PictureDescribeSchema, {
    id: `picture-describe-${id}`,
    lastResult: reply,
    defaultValue: { alt_text: altText },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="picture-describe" />
      <input type="hidden" name="pictureId" value={id} />
      <TextField label={`Description of ${name} (alt text)`} field={fields.alt_text} />
      {reply?.status === 'success' ? (
        <FormMessage tone="success">{reply.message}</FormMessage>
      ) : null}
      <Button type="submit" variant="outline" size="small">
        Save Description<span className="sr-only"> of {name}</span>
      </Button>
    </Form>
  )
}

function UploadPicture({ reply }: { reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(PictureUploadSchema, {
    id: 'picture-add',
    lastResult: reply,
  })
  const submitting = useIsPending({ intent: 'picture-add' })
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-3 rounded-lg border border-earth-100 bg-earth-50 p-4"
    >
      <input type="hidden" name="intent" value="picture-add" />
      <PictureUploadField
        label="New picture"
        error={form.allErrors.image?.[0]}
        description={{
          label: 'Description of the new picture (alt text)',
          field: fields.alt_text,
          example: 'Two ribeye steaks on a cutting board.',
        }}
      />
      <StatusButton
        type="submit"
        status={submitting ? 'pending' : 'idle'}
        pendingText="Uploading..."
      >
        Add Picture
      </StatusButton>
    </Form>
  )
}
