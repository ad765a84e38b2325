import { useState } from 'react'
import { Form } from 'react-router'
import { AdminPageHeader, EmptyState } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import type { FormReply } from '~/platform/forms/conform'
import { Button } from '~/platform/ui/button'
import { ConfirmDialog } from '~/platform/ui/confirm-dialog'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { SelectField } from '~/platform/ui/select-field'
import { GroupCard, groupTitle, listHref } from './group-card'
import type { loadWaitingListPage, WaitingListFilter } from './waiting-list.server'

// Admin > Waiting List: the groups customers wait in, most wanted first, or one group's view.

type WaitingListPageData = Awaited<ReturnType<typeof loadWaitingListPage>>

const FILTER_LABELS: Record<WaitingListFilter, string> = {
  waiting: 'Waiting',
  notified: 'Emailed',
  fulfilled: 'Fulfilled',
  removed: 'Removed or cancelled',
}

const ENTRY_LOOKS =
  '[&_tbody_a]:font-semibold [&_tbody_a]:underline [&_tbody_a]:underline-offset-2 [&_tbody_button]:text-sm [&_tbody_button]:font-semibold [&_tbody_button]:text-pasture-800 [&_tbody_button]:underline [&_tbody_button]:underline-offset-2 [&_tbody_button[value=remove]]:text-red-800 [&_tbody_form]:flex [&_tbody_form]:flex-wrap [&_tbody_form]:gap-3 [&_tbody_small]:block [&_tbody_small]:text-xs [&_tbody_small]:text-muted [&_tbody_time]:whitespace-nowrap'

/** A Remove button waiting for its answer, and the question it asks. */
type Removal = { button: HTMLButtonElement; question: string }

export function WaitingListPage({
  page,
  reply: actionData,
}: {
  page: WaitingListPageData
  reply: FormReply | undefined
}) {
  const { filter, key, groups, info } = page
  const [only] = groups
  // One question for the whole page, not a dialog in every row: 250 closed dialogs were a
  // third of the page. Before JavaScript runs, Remove posts at once, as every form here does.
  const [removal, setRemoval] = useState<Removal | null>(null)
  const ask = (button: HTMLButtonElement, question: string) => setRemoval({ button, question })
  return (
    <>
      <AdminPageHeader
        title="Waiting List"
        description="What customers are waiting for, most wanted first. When stock comes back it is held for those who asked to be emailed, in the order they joined, and each is emailed once; a hold that runs out or is passed on goes to the next in line."
      />
      {key ? (
        <p className="mb-4">
          <TextLink to={listHref(filter)}>Back to the whole waiting list</TextLink>
        </p>
      ) : null}
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-earth-100 bg-white p-4"
      >
        {key ? (
          <>
            <input type="hidden" name="product" value={key.productId} />
            <input type="hidden" name="variant" value={key.variantId ?? ''} />
          </>
        ) : null}
        <SelectField
          label="Show entries"
          name="status"
          options={Object.entries(FILTER_LABELS).map(([value, label]) => ({ value, label }))}
          defaultValue={filter}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {actionData ? (
        <div className="mb-4">
          {actionData.status === 'success' ? (
            <FormMessage tone="success">{actionData.message}</FormMessage>
          ) : null}
          <FormMessage tone="error">{actionData.error?.['']?.[0]}</FormMessage>
        </div>
      ) : null}
      {key && only ? (
        <div className={ENTRY_LOOKS}>
          <GroupCard group={only} filter={filter} onRemove={ask} whole />
          <Pagination info={info} label={`Entries for ${groupTitle(only)}`} />
        </div>
      ) : groups.length === 0 ? (
        <EmptyState>No {FILTER_LABELS[filter].toLowerCase()} entries.</EmptyState>
      ) : (
        <>
          <ul className={`space-y-4 ${ENTRY_LOOKS}`}>
            {groups.map((group) => (
              <GroupCard
                key={`${group.productId}|${group.variantId ?? ''}`}
                group={group}
                filter={filter}
                onRemove={ask}
              />
            ))}
          </ul>
          <Pagination info={info} label="Waiting list" />
        </>
      )}
      <ConfirmDialog
        open={removal !== null}
        title="Remove this entry?"
        question={removal?.question ?? ''}
        confirmLabel="Remove Entry"
        onCancel={() => {
          setRemoval(null)
          removal?.button.focus()
        }}
        onConfirm={() => {
          setRemoval(null)
          // With the button, so its intent goes with the form; requestSubmit fires no click,
          // so the question is not asked again.
          removal?.button.form?.requestSubmit(removal.button)
        }}
      />
    </>
  )
}
