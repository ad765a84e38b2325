import { data } from 'react-router'

// Conform reads a list row's place from its name (hours.Mo[3].opens) and its list buttons from
// a JSON "__intent__" field. Posted by hand, either can hurt: hours.Mo[99999999].opens makes an
// array of a hundred million rows (minutes of work and a reply of hundreds of megabytes), and
// an "__intent__" that is not JSON throws. No form of ours has a list anywhere near that long,
// so such a post is refused (400) before the form is parsed.

/** The longest list any of our forms has (opening hours: 4 a day). */
const MAX_LIST_INDEX = 99

const INDEX = /\[(\d+)\]/g

function indexTooLarge(text: string): boolean {
  for (const match of text.matchAll(INDEX)) {
    if (Number(match[1]) > MAX_LIST_INDEX) return true
  }
  return false
}

/** Throws a 400 for a form Conform should not be asked to parse. */
export function refuseBadListFields(form: FormData): void {
  const refuse = () => data('The form could not be read.', { status: 400 })
  for (const name of form.keys()) if (indexTooLarge(name)) throw refuse()
  const intent = form.get('__intent__')
  if (intent === null) return
  if (typeof intent !== 'string' || indexTooLarge(intent)) throw refuse()
  try {
    const parsed: unknown = JSON.parse(intent)
    if (typeof parsed !== 'object' || parsed === null) throw refuse()
    const index = (parsed as { payload?: { index?: unknown } }).payload?.index
    if (index !== undefined && !(Number.isInteger(index) && Number(index) <= MAX_LIST_INDEX)) {
      throw refuse()
    }
  } catch {
    throw refuse()
  }
}
