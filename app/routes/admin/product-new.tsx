import { data, Link, redirect } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { ProductForm } from '~/catalog/admin/product-editor'
import { ProductIntentSchema } from '~/catalog/admin/product-form'
import {
  createAdminProduct,
  listCategories,
  readProductForm,
} from '~/catalog/admin/products.server'
import { pageMeta } from '~/farm/meta'
import { AdminPageHeader } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { type FieldErrors, readForm } from '~/platform/forms/form-data'
import type { Route } from './+types/product-new'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { categories: await listCategories(getDb()) }
}

type SentBack = {
  values: Record<string, string>
  fieldErrors: FieldErrors
  extraRows: number
  /** A new key for the form, so it starts again from what came back */
  nonce: string
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const intent = ProductIntentSchema.safeParse(form.get('intent') ?? undefined)
  if (!intent.success || (intent.data !== 'save' && intent.data !== 'add-variant')) {
    throw data('Unknown action.', { status: 400 })
  }
  const read = await readProductForm(db, form)
  const nonce = crypto.randomUUID()
  if (intent.data === 'add-variant') {
    const fieldErrors: FieldErrors = {}
    if (!read.ok && read.fieldErrors.image) fieldErrors.image = read.fieldErrors.image
    return data<SentBack>({ values: read.values, fieldErrors, extraRows: 1, nonce })
  }
  if (!read.ok) {
    return data<SentBack>(
      { values: read.values, fieldErrors: read.fieldErrors, extraRows: 0, nonce },
      400,
    )
  }
  const id = await createAdminProduct(db, admin.id, read.input)
  throw redirect(`/admin/products/${id}?created=1`)
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Add Product"
        description="It shows in the shop as soon as it is saved, when it is available."
        actions={
          <Link to="/admin/products" className="text-sm font-semibold underline">
            Back to Products
          </Link>
        }
      />
      <ProductForm
        key={actionData?.nonce ?? 'new'}
        product={null}
        categories={loaderData.categories}
        values={actionData?.values ?? null}
        fieldErrors={actionData?.fieldErrors ?? {}}
        extraRows={actionData?.extraRows ?? 0}
      />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Add Product' })
