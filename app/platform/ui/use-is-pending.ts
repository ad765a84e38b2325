import { type Navigation, useNavigation } from 'react-router'

/** What the router says about a submission: the page's navigation, or a fetcher's. */
export type Submission = Pick<Navigation, 'state' | 'formMethod' | 'formAction' | 'formData'>

export type PendingMatch = {
  /** the submitted form's `intent` (STYLE 4); any form when left out */
  intent?: string
  /** the URL the form posts to; any when left out */
  formAction?: string
  /** more fields the submitted form carries, such as the id of the row it acts on */
  fields?: Record<string, string>
  /** a fetcher's own form; the page's navigation when left out */
  fetcher?: Submission
}

// Conform's list buttons (add a row, remove one) post the form only for the server to draw it
// again; nothing is saved, so no button says it is saving.
const CONFORM_INTENT = '__intent__'

/**
 * The one rule for "this form is on its way": a submission (not a link followed) is in flight,
 * from the press until the page has its fresh data, so a second press cannot post it twice.
 * Plain so it can be checked against each of the router's fetchers too.
 */
export function isPendingSubmission(
  submission: Submission,
  { intent, formAction, fields }: Omit<PendingMatch, 'fetcher'> = {},
): boolean {
  if (submission.state === 'idle' || submission.formMethod === undefined) return false
  if (submission.formData?.has(CONFORM_INTENT)) return false
  if (formAction !== undefined && submission.formAction !== formAction) return false
  const wanted = intent === undefined ? fields : { ...fields, intent }
  return Object.entries(wanted ?? {}).every(
    ([name, value]) => submission.formData?.get(name) === value,
  )
}

/** Whether the page's form (or the given fetcher's) that matches is being submitted. */
export function useIsPending({ fetcher, ...match }: PendingMatch = {}): boolean {
  const navigation = useNavigation()
  return isPendingSubmission(fetcher ?? navigation, match)
}
