import { data, Form, redirect } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { ShopBadge } from '~/catalog/admin/badges'
import { ProductForm } from '~/catalog/admin/product-editor'
import {
  ArchiveSchema,
  ProductIntentSchema,
  productInput,
  RemoveVariantSchema,
} from '~/catalog/admin/product-form'
import { ProductPictures } from '~/catalog/admin/product-pictures'
import { listProductPictures, replyPictureAction } from '~/catalog/admin/product-pictures.server'
import { isPictureIntent } from '~/catalog/admin/product-pictures-form'
import { getAdminProduct } from '~/catalog/admin/product-record.server'
import { replyProductForm } from '~/catalog/admin/product-reply.server'
import {
  readProductForm,
  removeAdminVariant,
  setProductArchived,
  updateAdminProduct,
} from '~/catalog/admin/product-save.server'
import { listCategories } from '~/catalog/admin/products.server'
import { pageMeta } from '~/farm/meta'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button, ButtonLink, buttonVariants } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/product'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const db = getDb()
  const [product, categories, pictures] = await Promise.all([
    getAdminProduct(db, params.id),
    listCategories(db),
    listProductPictures(db, params.id),
  ])
  if (!product) throw data(null, { status: 404 })
  const search = new URL(request.url).searchParams
  const notice = search.has('created')
    ? 'Product created.'
    : search.has('saved')
      ? 'Product saved.'
      : null
  return { product, categories, pictures, notice }
}

const OPTION_GONE = 'That option was not found; it may be removed already.'

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  // The Pictures section's forms (upload, describe, move, remove): their own schema and reply.
  const sent = form.get('intent')
  if (typeof sent === 'string' && isPictureIntent(sent)) {
    return replyPictureAction(db, admin.id, params.id, form)
  }
  const intent = ProductIntentSchema.safeParse(form.get('intent') ?? undefined)
  if (!intent.success) throw data('Unknown action.', { status: 400 })

  switch (intent.data) {
    case 'save': {
      // Without JavaScript, Add Another Option and a new row's Remove post here too: the
      // reply changes the list.
      const { submission, imageError } = await readProductForm(db, form)
      if (submission.status !== 'success' || imageError) {
        return replyProductForm(submission, { imageError })
      }
      const result = await updateAdminProduct(
        db,
        admin.id,
        params.id,
        productInput(submission.value),
      )
      if (result.ok) throw redirect(`/admin/products/${params.id}?saved=1`)
      if (result.reason === 'not-found') throw data(null, { status: 404 })
      return replyProductForm(submission, {
        fieldErrors: result.fieldErrors,
        message:
          result.reason === 'held'
            ? 'Units held for the waiting list are not covered by that stock. Nothing was saved.'
            : 'The options changed while you were editing. Nothing was saved.',
        status: 409,
      })
    }
    case 'remove-variant': {
      const submission = parseSubmission(form, RemoveVariantSchema)
      if (submission.status !== 'success') {
        return replyRefused(submission, OPTION_GONE, 404, { form: 'variant' })
      }
      const removed = await removeAdminVariant(db, admin.id, params.id, submission.value.variantId)
      return removed.ok
        ? replyDone(submission, `Option "${removed.name}" removed.`, { form: 'variant' })
        : replyRefused(submission, OPTION_GONE, 404, { form: 'variant' })
    }
    case 'archive':
    case 'unarchive': {
      const submission = parseSubmission(form, ArchiveSchema)
      if (submission.status !== 'success') throw data('Unknown action.', { status: 400 })
      const archive = submission.value.intent === 'archive'
      const changed = await setProductArchived(db, admin.id, params.id, archive)
      if (!changed && !(await getAdminProduct(db, params.id))) throw data(null, { status: 404 })
      return replyDone(
        submission,
        archive
          ? 'Product archived: it has left the shop and stays on old orders.'
          : 'Product back in the catalog.',
        { form: 'archive' },
      )
    }
  }
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, pictures, notice } = loaderData
  const archived = product.archived_at !== null
  const productReply = actionData?.form === 'product' ? actionData : undefined
  const pictureReply = actionData?.form?.startsWith('picture') ? actionData : undefined
  const done = actionData && actionData.form !== 'product' && !pictureReply ? actionData : undefined
  // A new key starts the form again from the saved product (after a save, a removed option).
  const savedKey = [
    product.stock_quantity,
    ...product.variants.map((variant) => `${variant.id}:${variant.stock_quantity}`),
  ].join('|')
  return (
    <>
      <AdminPageHeader
        title={product.name}
        description="Edit the product, its options and its picture."
        actions={
          <>
            {archived ? null : (
              <ButtonLink to={`/product/${product.id}`} variant="secondary">
                View in Shop
              </ButtonLink>
            )}
            <TextLink to="/admin/products" size="small" className="self-center">
              Back to Products
            </TextLink>
          </>
        }
      />
      <div className="mb-6 space-y-3">
        {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {done?.status === 'success' ? (
          <FormMessage tone="success">{done.message}</FormMessage>
        ) : (
          <FormMessage tone="error">{done?.error?.['']?.[0]}</FormMessage>
        )}
      </div>
      <AdminPanel title="In the shop" className="mb-6">
        <div className="flex flex-wrap items-center gap-4">
          <ShopBadge available={product.is_available} archived={archived} />
          <Form method="post">
            {archived ? (
              <Button type="submit" name="intent" value="unarchive" variant="secondary">
                Unarchive Product
              </Button>
            ) : (
              <ConfirmSubmitButton
                name="intent"
                value="archive"
                title="Archive this product?"
                question={`Archive "${product.name}"? It leaves the shop and carts, but stays on old orders. You can unarchive it later.`}
                confirmLabel="Archive Product"
                className={buttonVariants({ variant: 'danger' })}
              >
                Archive Product
              </ConfirmSubmitButton>
            )}
          </Form>
        </div>
      </AdminPanel>
      <ProductForm key={savedKey} product={product} categories={categories} reply={productReply} />
      <ProductPictures pictures={pictures} reply={pictureReply} />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `${loaderData.product.name} · Products` : 'Product Not Found',
  })

// No ErrorBoundary here on purpose: the root's answers an unknown product with 404, and a
// boundary below the admin layout would run the layout's loader after a refused (403) post,
// turning the 403 into its redirect home.
