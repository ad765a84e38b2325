import type { ReactNode } from 'react'
import { Form, useLocation } from 'react-router'
import { Button, ButtonLink } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import { AdminTable } from './page'

// The admin list kit (issue 33 item 6): every admin list is a search form (optional), one
// list whose columns are declared once, and the pager (./pagination.tsx). Its loader reads
// the URL with listQuery (../pagination.ts).

/** One column of an admin list: its heading, and what a row shows under it. */
export type Column<Row> = {
  header: string
  cell: (row: Row) => ReactNode
  /** The cell that names the row (a `<th scope="row">`); on a phone it is the card's title. */
  rowHeader?: boolean
  /** Numbers and money line up on the right in the table. */
  numeric?: boolean
  /** A heading for screen readers only (a column of buttons that name themselves). */
  headerHidden?: boolean
  /** Extra classes for this column's cells (widths, word breaking). */
  className?: string
}

// One table in the page, whatever the width: on a wide screen it is a table; below `sm` each
// row is a card, its cells stacked with their column's heading beside them (the heading comes
// from `data-label` by CSS, so it is not text a second time in the page). No second copy of
// the rows, so every order number, status and total is on the page once.
const tableClass = [
  'w-full border-collapse text-left text-sm sm:min-w-[36rem]',
  '[&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_td]:px-3 [&_td]:py-2',
  '[&_thead_th]:bg-earth-50 sm:[&_td]:border-t sm:[&_td]:border-earth-100',
  'sm:[&_tbody_th]:border-t sm:[&_tbody_th]:border-earth-100',
  // Cards: the head is read by screen readers only; each row is a block with a line between.
  'max-sm:block max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block',
  'max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:py-2 max-sm:[&_tbody_tr+tr]:border-t max-sm:[&_tbody_tr+tr]:border-earth-100',
  'max-sm:[&_tbody_:is(td,th)]:grid max-sm:[&_tbody_:is(td,th)]:grid-cols-[8rem_minmax(0,1fr)] max-sm:[&_tbody_:is(td,th)]:gap-2 max-sm:[&_tbody_:is(td,th)]:py-1 max-sm:[&_tbody_:is(td,th)]:text-left',
  'max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-muted max-sm:[&_td]:before:content-[attr(data-label)]',
  'max-sm:[&_tbody_th]:grid-cols-1 max-sm:[&_tbody_th]:text-base',
].join(' ')

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const className = `${column.numeric ? 'sm:text-right' : ''} ${column.className ?? ''}`
  // The value in its own box: a cell holding several lines stays one grid item on a card.
  const content = <div className="min-w-0">{column.cell(row)}</div>
  return column.rowHeader ? (
    <th scope="row" className={`font-normal ${className}`}>
      {content}
    </th>
  ) : (
    <td data-label={column.headerHidden ? undefined : column.header} className={className}>
      {content}
    </td>
  )
}

/**
 * A named list of rows: a table on a wide screen, cards on a phone, in AdminTable's named box
 * (which still scrolls sideways, by keyboard too, if a wide table does not fit).
 */
export function AdminList<Row>({
  caption,
  rows,
  rowKey,
  columns,
  rowClassName,
}: {
  caption: string
  rows: readonly Row[]
  rowKey: (row: Row) => string
  columns: readonly Column<Row>[]
  rowClassName?: (row: Row) => string | undefined
}) {
  return (
    <AdminTable caption={caption} tableClassName={tableClass}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={column.numeric ? 'text-right' : undefined}
            >
              {column.headerHidden ? (
                <span className="sr-only">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) => (
              <Cell key={column.header} column={column} row={row} />
            ))}
          </tr>
        ))}
      </tbody>
    </AdminTable>
  )
}

/**
 * A list's search form: a GET form (the URL holds the search, so a link or a reload keeps
 * it), its box, any filters given as children, Search, and a way back to the whole list.
 */
export function ListSearch({
  name,
  label,
  q,
  placeholder,
  clearTo,
  clearLabel = 'Clear',
  children,
}: {
  /** The search landmark's name; omit where the page has one search only. */
  name?: string
  /** The search box's label. */
  label: string
  q: string
  placeholder?: string
  /** The list without search or filters; the link shows while any is applied. */
  clearTo?: string | null
  clearLabel?: string
  children?: ReactNode
}) {
  const { search } = useLocation()
  return (
    <Form
      // A new search resets what the fields show to what the URL now says.
      key={search}
      method="get"
      role="search"
      aria-label={name}
      className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-earth-100 bg-white p-4"
    >
      <TextField
        label={label}
        name="q"
        type="search"
        defaultValue={q}
        placeholder={placeholder}
        maxLength={100}
        className="w-full sm:max-w-sm sm:flex-1"
      />
      {children}
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
        {clearTo ? (
          <ButtonLink to={clearTo} variant="secondary">
            {clearLabel}
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  )
}
