import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { ShopBadge } from '~/catalog/admin/badges'
import { ProductForm } from '~/catalog/admin/product-editor'
import { ProductIntentSchema } from '~/catalog/admin/product-form'
import {
  getAdminProduct,
  listCategories,
  readProductForm,
  removeAdminVariant,
  setProductArchived,
  updateAdminProduct,
} from '~/catalog/admin/products.server'
import { pageMeta } from '~/farm/meta'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { type FieldErrors, readForm } from '~/platform/forms/form-data'
import { Button, ButtonLink, buttonVariants } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import type { Route } from './+types/product'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const db = getDb()
  const [product, categories] = await Promise.all([
    getAdminProduct(db, params.id),
    listCategories(db),
  ])
  if (!product) throw data(null, { status: 404 })
  const search = new URL(request.url).searchParams
  const notice = search.has('created')
    ? 'Product created.'
    : search.has('saved')
      ? 'Product saved.'
      : null
  return { product, categories, notice }
}

type ActionResult =
  | {
      kind: 'form'
      values: Record<string, string>
      fieldErrors: FieldErrors
      extraRows: number
      nonce: string
      message?: string
    }
  | { kind: 'done'; ok: boolean; message: string }

const VariantIdSchema = z.string().min(1).max(100)

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const intent = ProductIntentSchema.safeParse(form.get('intent') ?? undefined)
  if (!intent.success) throw data('Unknown action.', { status: 400 })
  const nonce = crypto.randomUUID()

  switch (intent.data) {
    case 'add-variant':
    case 'save': {
      const read = await readProductForm(db, form)
      if (intent.data === 'add-variant') {
        const fieldErrors: FieldErrors = {}
        if (!read.ok && read.fieldErrors.image) fieldErrors.image = read.fieldErrors.image
        return data<ActionResult>({
          kind: 'form',
          values: read.values,
          fieldErrors,
          extraRows: 1,
          nonce,
        })
      }
      if (!read.ok) {
        return data<ActionResult>(
          { kind: 'form', values: read.values, fieldErrors: read.fieldErrors, extraRows: 0, nonce },
          400,
        )
      }
      const result = await updateAdminProduct(db, admin.id, params.id, read.input)
      if (result.ok) throw redirect(`/admin/products/${params.id}?saved=1`)
      if (result.reason === 'not-found') throw data(null, { status: 404 })
      return data<ActionResult>(
        {
          kind: 'form',
          values: read.values,
          fieldErrors: result.fieldErrors,
          extraRows: 0,
          nonce,
          message: 'The options changed while you were editing. Nothing was saved.',
        },
        409,
      )
    }
    case 'remove-variant': {
      const variantId = VariantIdSchema.safeParse(form.get('variantId'))
      const removed = variantId.success
        ? await removeAdminVariant(db, admin.id, params.id, variantId.data)
        : { ok: false as const }
      return removed.ok
        ? data<ActionResult>({
            kind: 'done',
            ok: true,
            message: `Option "${removed.name}" removed.`,
          })
        : data<ActionResult>(
            {
              kind: 'done',
              ok: false,
              message: 'That option was not found; it may be removed already.',
            },
            404,
          )
    }
    case 'archive':
    case 'unarchive': {
      const archive = intent.data === 'archive'
      const changed = await setProductArchived(db, admin.id, params.id, archive)
      if (!changed && !(await getAdminProduct(db, params.id))) throw data(null, { status: 404 })
      return data<ActionResult>({
        kind: 'done',
        ok: true,
        message: archive
          ? 'Product archived: it has left the shop and stays on old orders.'
          : 'Product back in the catalog.',
      })
    }
  }
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, notice } = loaderData
  const archived = product.archived_at !== null
  const sentBack = actionData?.kind === 'form' ? actionData : null
  const done = actionData?.kind === 'done' ? actionData : null
  // A new key starts the form again from the saved product (after a save, a removed option)
  // or from what the action sent back.
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
            <Link to="/admin/products" className="self-center text-sm font-semibold underline">
              Back to Products
            </Link>
          </>
        }
      />
      <div className="mb-6 space-y-3">
        {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {done ? (
          <FormMessage tone={done.ok ? 'success' : 'error'}>{done.message}</FormMessage>
        ) : null}
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
      <ProductForm
        key={`${savedKey}|${sentBack?.nonce ?? ''}`}
        product={product}
        categories={categories}
        values={sentBack?.values ?? null}
        fieldErrors={sentBack?.fieldErrors ?? {}}
        extraRows={sentBack?.extraRows ?? 0}
        message={sentBack?.message ?? null}
      />
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
