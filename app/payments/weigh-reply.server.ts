import { WEIGHTS_SAVED, WeighSchema, weighedMessage, weighFormId } from '~/orders/weights'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { weighAndCapture } from './capture.server'
import { payLinkSentMessage } from './holds'
import { configuredCapturers } from './providers.server'

// The weighing form's action, shared by the pack list and the admin order page (both show
// the same form): parse, store the weights and capture a held payment, answer in the form's words.

export async function answerWeighForm(form: FormData, actorId: string) {
  const submission = parseSubmission(form, WeighSchema)
  const orderId = form.get('orderId')
  const options = { form: weighFormId(typeof orderId === 'string' ? orderId : '') }
  if (submission.status !== 'success') return replyInvalid(submission, options)
  const result = await weighAndCapture(getDb(), actorId, submission.value, configuredCapturers())
  if (!result.ok) return replyRefused(submission, result.message, result.status, options)
  if (result.capture?.kind === 'failed') {
    return replyRefused(submission, result.capture.message, 502, options)
  }
  const message =
    result.capture?.kind === 'pay-link'
      ? payLinkSentMessage(result.capture.amountCents)
      : result.weighed
        ? weighedMessage(result.totalCents)
        : WEIGHTS_SAVED
  return replyDone(submission, message, { ...options, keep: true })
}
