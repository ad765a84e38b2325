import { useNavigation } from 'react-router'

/**
 * A route's `actionData`, held back while the page's loaders revalidate after the submission.
 * React Router hands the action's answer to the page as soon as the action returns, before the
 * fresh loader data; a "Saved" shown then sits over the old rows, and the fresh rows that
 * follow remount any form keyed on them, so what a person typed after reading the message is
 * lost. Held back, the message and the fresh rows appear in the same render.
 */
export function useSettledActionData<T>(actionData: T | undefined): T | undefined {
  const navigation = useNavigation()
  const revalidating = navigation.state === 'loading' && navigation.formMethod !== undefined
  return revalidating ? undefined : actionData
}
