import { data, redirect } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { ProductForm } from '~/catalog/admin/product-editor'
import { ProductIntentSchema, productInput } from '~/catalog/admin/product-form'
import { replyProductForm } from '~/catalog/admin/product-reply.server'
import { createAdminProduct, readProductForm } from '~/catalog/admin/product-save.server'
import { listCategories } from '~/catalog/admin/products.server'
import { pageMeta } from '~/farm/meta'
import { AdminPageHeader } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { readForm } from '~/platform/forms/form-data.server'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/product-new'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { categories: await listCategories(getDb()) }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const intent = ProductIntentSchema.safeParse(form.get('intent') ?? undefined)
  if (!intent.success || intent.data !== 'save') throw data('Unknown action.', { status: 400 })
  // Without JavaScript, Add Another Option posts here too: the reply adds the row.
  const { submission, imageError } = await readProductForm(db, form)
  if (submission.status !== 'success' || imageError) {
    return replyProductForm(submission, { imageError })
  }
  const id = await createAdminProduct(db, admin.id, productInput(submission.value))
  throw redirect(`/admin/products/${id}?created=1`)
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Add Product"
        description="It shows in the shop as soon as it is saved, when it is available."
        actions={
          <TextLink to="/admin/products" size="small">
            Back to Products
          </TextLink>
        }
      />
      <ProductForm product={null} categories={loaderData.categories} reply={actionData} />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Add Product' })
