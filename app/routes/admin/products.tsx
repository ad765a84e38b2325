import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { ShopBadge, StockBadge } from '~/catalog/admin/badges'
import { StockAdjustSchema } from '~/catalog/admin/product-form'
import {
  listAdminProducts,
  productListFilters,
  setProductStock,
} from '~/catalog/admin/products.server'
import { LOW_STOCK_THRESHOLD } from '~/catalog/stock'
import { pageMeta } from '~/farm/meta'
import { pageRequest } from '~/platform/admin/pagination'
import { AdminPageHeader, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { parseForm, readForm } from '~/platform/forms/form-data'
import { Button, ButtonLink } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
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

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; productId: string | null; stock: string; error: string }

const ActionSchema = z.discriminatedUnion('intent', [StockAdjustSchema])

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  const parsed = parseForm(ActionSchema, form)
  const productId = typeof form.get('productId') === 'string' ? String(form.get('productId')) : null
  const typed = typeof form.get('stock') === 'string' ? String(form.get('stock')) : ''
  if (!parsed.ok) {
    const error = parsed.fieldErrors.stock ?? 'That change could not be made. Reload the page.'
    return data<ActionResult>({ ok: false, productId, stock: typed, error }, 400)
  }
  const { stock } = parsed.data
  const result = await setProductStock(getDb(), admin.id, parsed.data.productId, stock)
  switch (result.status) {
    case 'not-found':
      return data<ActionResult>(
        { ok: false, productId, stock: typed, error: 'That product was not found.' },
        404,
      )
    case 'has-options':
      return data<ActionResult>(
        {
          ok: false,
          productId,
          stock: typed,
          error: 'This product has options; change their stock on its page.',
        },
        400,
      )
    case 'unchanged':
      return data<ActionResult>({
        ok: true,
        message: `${result.name} already has ${stock} in stock.`,
      })
    case 'saved': {
      const emailed =
        result.notified > 0
          ? ` ${result.notified} ${result.notified === 1 ? 'customer' : 'customers'} on the waiting list ${result.notified === 1 ? 'was' : 'were'} emailed.`
          : ''
      return data<ActionResult>({
        ok: true,
        message: `${result.name} now has ${stock} in stock.${emailed}`,
      })
    }
  }
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

      {actionData?.ok ? (
        <div className="mb-4">
          <FormMessage tone="success">{actionData.message}</FormMessage>
        </div>
      ) : actionData && !rows.some((row) => row.id === actionData.productId) ? (
        <div className="mb-4">
          <FormMessage tone="error">{actionData.error}</FormMessage>
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
        <AdminTable caption={filters.archived ? 'Archived products' : 'Products'}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col">Shop</th>
              <th scope="col">Change stock</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const error =
                actionData && !actionData.ok && actionData.productId === row.id ? actionData : null
              return (
                <tr key={row.id}>
                  <td>
                    <Link
                      to={`/admin/products/${row.id}`}
                      className="font-semibold text-pasture-800 underline underline-offset-2"
                    >
                      {row.name}
                    </Link>
                    <div className="text-xs text-muted">{row.category}</div>
                  </td>
                  <td className="whitespace-nowrap">
                    {formatCents(row.price_cents)} / {row.unit}
                  </td>
                  <td>
                    <StockBadge stock={row.stock_quantity} />
                  </td>
                  <td>
                    <ShopBadge available={row.is_available} archived={row.archived_at !== null} />
                  </td>
                  <td>
                    {row.variant_count > 0 ? (
                      <Link
                        to={`/admin/products/${row.id}#options`}
                        className="text-sm font-semibold text-pasture-800 underline underline-offset-2"
                      >
                        Edit {row.variant_count} {row.variant_count === 1 ? 'option' : 'options'}
                        <span className="sr-only"> of {row.name}</span>
                      </Link>
                    ) : (
                      <StockForm
                        key={`${row.id}-${row.stock_quantity}`}
                        productId={row.id}
                        name={row.name}
                        stock={error ? error.stock : String(row.stock_quantity)}
                        error={error?.error}
                      />
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </AdminTable>
      )}
      <Pagination info={info} label="Products" />
    </>
  )
}

/** One row's quick stock change: a plain form, so it works before JavaScript loads. */
function StockForm({
  productId,
  name,
  stock,
  error,
}: {
  productId: string
  name: string
  stock: string
  error?: string
}) {
  const inputId = `stock-${productId}`
  const errorId = `${inputId}-error`
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="set-stock" />
      <input type="hidden" name="productId" value={productId} />
      <div>
        <label htmlFor={inputId} className="block text-xs font-semibold text-ink">
          New stock<span className="sr-only"> for {name}</span>
        </label>
        <input
          id={inputId}
          name="stock"
          inputMode="numeric"
          defaultValue={stock}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 w-20 rounded-md border border-stone-400 bg-white px-2 py-1 text-ink aria-[invalid=true]:border-red-700"
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
