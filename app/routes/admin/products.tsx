import { getFormProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { ShopBadge, StockBadge } from '~/catalog/admin/badges'
import { belowHeldMessage } from '~/catalog/admin/held-stock.server'
import { StockAdjustSchema } from '~/catalog/admin/product-form'
import {
  listAdminProducts,
  productListFilters,
  setProductStock,
} from '~/catalog/admin/products.server'
import { LOW_STOCK_THRESHOLD } from '~/catalog/stock'
import { pageMeta } from '~/farm/meta'
import { pageRequest } from '~/platform/admin/pagination'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
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
import { Button, ButtonLink } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { formatCents } from '~/platform/ui/price'
import { SelectField } from '~/platform/ui/select-field'
import { useSettledActionData } from '~/platform/ui/use-settled-action-data'
import type { Route } from './+types/products'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filters = productListFilters(url)
  const list = await listAdminProducts(getDb(), filters, pageRequest(url))
  return { ...list, filters }
}

/** Each row's stock form answers for itself: its reply names the product's form. */
const stockFormId = (productId: string) => `stock-form-${productId}`
const REFUSED = 'That change could not be made. Reload the page.'

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  const submission = parseSubmission(form, StockAdjustSchema)
  const productId = submission.payload.productId
  const which = { form: typeof productId === 'string' ? stockFormId(productId) : undefined }
  if (submission.status !== 'success') {
    // A stock typed wrong is shown at its field; a forged intent or product, above the form.
    return submission.error?.stock
      ? replyInvalid(submission, which)
      : replyRefused(submission, REFUSED, 400, which)
  }
  const { stock } = submission.value
  const result = await setProductStock(getDb(), admin.id, submission.value.productId, stock)
  switch (result.status) {
    case 'not-found':
      return replyRefused(submission, 'That product was not found.', 404, which)
    case 'has-options':
      return replyRefused(
        submission,
        'This product has options; change their stock on its page.',
        400,
        which,
      )
    case 'unchanged':
      return replyDone(submission, `${result.name} already has ${stock} in stock.`, which)
    case 'held':
      return replyRefused(
        submission,
        `${result.name}: ${belowHeldMessage(result.held)}`,
        409,
        which,
      )
    case 'saved': {
      const emailed =
        result.notified > 0
          ? ` ${result.notified} ${result.notified === 1 ? 'customer' : 'customers'} on the waiting list ${result.notified === 1 ? 'was' : 'were'} emailed.`
          : ''
      return replyDone(submission, `${result.name} now has ${stock} in stock.${emailed}`, which)
    }
  }
}

/** The reply's first complaint: the form's own, else the stock's. */
function complaint(reply: FormReply): string | undefined {
  return reply.error?.['']?.[0] ?? reply.error?.stock?.[0]
}

export default function AdminProducts({ loaderData, ...props }: Route.ComponentProps) {
  const { rows, info, categories, filters } = loaderData
  const actionData = useSettledActionData(props.actionData)
  const filtered = Boolean(filters.q || filters.category || filters.stock)
  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Stock and availability at a glance. Change a product's stock right here."
        actions={<ButtonLink to="/admin/products/new">Add Product</ButtonLink>}
      />
      <Form
        method="get"
        className="mb-6 grid gap-4 rounded-lg border border-earth-100 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <TextField label="Search by name" name="q" type="search" defaultValue={filters.q} />
        <SelectField
          label="Category"
          name="category"
          placeholder="All categories"
          options={categories.map((category) => ({ value: category, label: category }))}
          defaultValue={filters.category ?? ''}
        />
        <SelectField
          label="Stock"
          name="stock"
          placeholder="Any stock"
          options={[
            { value: 'low', label: `Low stock (under ${LOW_STOCK_THRESHOLD})` },
            { value: 'out', label: 'Out of stock' },
          ]}
          defaultValue={filters.stock ?? ''}
        />
        <SelectField
          label="Show"
          name="status"
          options={[
            { value: '', label: 'Products in the catalog' },
            { value: 'archived', label: 'Archived products' },
          ]}
          defaultValue={filters.archived ? 'archived' : ''}
        />
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {filtered || filters.archived ? (
            <Link to="/admin/products" className="self-center text-sm font-semibold underline">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {actionData?.status === 'success' ? (
        <div className="mb-4">
          <FormMessage tone="success">{actionData.message}</FormMessage>
        </div>
      ) : actionData && !rows.some((row) => stockFormId(row.id) === actionData.form) ? (
        <div className="mb-4">
          <FormMessage tone="error">{complaint(actionData)}</FormMessage>
        </div>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState>
          {filtered
            ? 'No products match. Try another search or filter.'
            : filters.archived
              ? 'No archived products.'
              : 'No products yet. Add the first one.'}
        </EmptyState>
      ) : (
        <AdminList
          caption={filters.archived ? 'Archived products' : 'Products'}
          rows={rows}
          rowKey={(row) => row.id}
          columns={productColumns(actionData)}
        />
      )}
      <Pagination info={info} label="Products" />
    </>
  )
}

type ProductRow = Route.ComponentProps['loaderData']['rows'][number]

/** The columns; a refused stock change shows in its own row's form. */
function productColumns(actionData: FormReply | undefined): Column<ProductRow>[] {
  return [
    {
      header: 'Product',
      cell: (row) => (
        <>
          <TextLink to={`/admin/products/${row.id}`}>{row.name}</TextLink>
          <div className="text-xs text-muted">{row.category}</div>
        </>
      ),
    },
    {
      header: 'Price',
      className: 'whitespace-nowrap',
      cell: (row) => `${formatCents(row.price_cents)} / ${row.unit}`,
    },
    { header: 'Stock', cell: (row) => <StockBadge stock={row.stock_quantity} /> },
    {
      header: 'Shop',
      cell: (row) => <ShopBadge available={row.is_available} archived={row.archived_at !== null} />,
    },
    {
      header: 'Change stock',
      cell: (row) =>
        row.variant_count > 0 ? (
          <TextLink to={`/admin/products/${row.id}#options`} size="small">
            Edit {row.variant_count} {row.variant_count === 1 ? 'option' : 'options'}
            <span className="sr-only"> of {row.name}</span>
          </TextLink>
        ) : (
          <StockForm
            key={`${row.id}-${row.stock_quantity}`}
            productId={row.id}
            name={row.name}
            stock={String(row.stock_quantity)}
            reply={
              actionData?.status !== 'success' && actionData?.form === stockFormId(row.id)
                ? actionData
                : undefined
            }
          />
        ),
    },
  ]
}

/** One row's quick stock change: a plain form, so it works before JavaScript loads. */
function StockForm({
  productId,
  name,
  stock,
  reply,
}: {
  productId: string
  name: string
  stock: string
  /** The action's refusal of this row's last change */
  reply: FormReply | undefined
}) {
  const [form, fields] = useSchemaForm(StockAdjustSchema, {
    id: stockFormId(productId),
    lastResult: reply,
    defaultValue: { intent: 'set-stock', productId, stock },
  })
  const inputId = `stock-${productId}`
  const errorId = `${inputId}-error`
  const error = fields.stock.errors?.[0] ?? form.errors?.[0]
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name={fields.intent.name} value="set-stock" />
      <input type="hidden" name={fields.productId.name} value={productId} />
      <div>
        <label htmlFor={inputId} className="block text-xs font-semibold text-ink">
          New stock<span className="sr-only"> for {name}</span>
        </label>
        <input
          key={fields.stock.key}
          id={inputId}
          name={fields.stock.name}
          inputMode="numeric"
          defaultValue={fields.stock.initialValue ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 w-20 rounded-md border border-stone-500 bg-white px-2 py-1 text-ink aria-[invalid=true]:border-red-700"
        />
      </div>
      <button
        type="submit"
        className="rounded-md bg-pasture-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-pasture-800"
      >
        Save<span className="sr-only"> stock for {name}</span>
      </button>
      {error ? (
        <p id={errorId} className="w-full text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </Form>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Products' })
