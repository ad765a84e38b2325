import { data, redirect } from 'react-router'
import { getFarmBasics } from '~/farm/farm.server'
import { getAnimalWindow, listSharePickupPlaces } from '~/fulfilment/share-pickup.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  replyRefused,
} from '~/platform/forms/conform'
import { formatPounds, parsePounds } from '../balance'
import {
  AnimalIntentSchema,
  AnimalSchema,
  CollectSchema,
  HangingWeightSchema,
  NEW_ANIMAL,
} from './animal-form'
import { listAnimalShares, markBalanceCollected, NOT_COLLECTABLE } from './animal-shares.server'
import { createAnimal, getAnimal, listShareProducts, updateAnimal } from './animals.server'
import { enterHangingWeight } from './hanging-weight.server'

// One animal's page (/admin/shares/new, /admin/shares/:id): what it shows, and the answer to
// each of its three forms (the animal, its hanging weight, a balance taken in person).

const noSuchAnimal = () => data('No such animal.', { status: 404 })

/** The animal with its window and shares, and the choices its form offers; 404 if none. */
export async function loadAnimalPage(db: DB, id: string, url: URL) {
  const [products, places] = await Promise.all([listShareProducts(db), listSharePickupPlaces(db)])
  if (id === NEW_ANIMAL) {
    return { animal: null, pickup: null, shares: [], products, places, saved: false }
  }
  const animal = await getAnimal(db, id)
  if (!animal) throw noSuchAnimal()
  const saved = url.searchParams.has('saved')
  const [pickup, shares] = await Promise.all([
    getAnimalWindow(db, animal.id),
    listAnimalShares(db, animal.id),
  ])
  return { animal, pickup, shares, products, places, saved }
}

export async function answerAnimalForm(db: DB, form: FormData, actorId: string, id: string) {
  const intent = parseSubmission(form, AnimalIntentSchema)
  if (intent.status !== 'success') return replyRefused(intent, 'Unknown action.', 400)

  if (intent.value.intent === 'collect') {
    const submission = parseSubmission(form, CollectSchema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'collect' })
    if (id === NEW_ANIMAL) throw noSuchAnimal()
    const collected = await markBalanceCollected(db, actorId, id, submission.value.share_id)
    if (!collected) return replyRefused(submission, NOT_COLLECTABLE, 409, { form: 'collect' })
    return replyDone(submission, 'Balance marked paid.', { form: 'collect' })
  }

  if (intent.value.intent === 'weigh') {
    const submission = parseSubmission(form, HangingWeightSchema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'weigh' })
    if (id === NEW_ANIMAL) throw noSuchAnimal()
    const centiLb = parsePounds(submission.value.hanging_weight) ?? 0
    const farm = await getFarmBasics(db)
    const shop = { farmName: farm.name, baseUrl: getEnv().baseUrl }
    const weighed = await enterHangingWeight(db, actorId, id, centiLb, shop)
    if (!weighed.ok) {
      if (weighed.status === 404) throw noSuchAnimal()
      return replyRefused(submission, weighed.message, weighed.status, { form: 'weigh' })
    }
    const who = weighed.emailed === 1 ? '1 share-holder' : `${weighed.emailed} share-holders`
    return replyDone(
      submission,
      `Hanging weight ${formatPounds(centiLb)} saved. The balance and pickup date were emailed to ${who}.`,
      { form: 'weigh', keep: true },
    )
  }

  const submission = parseSubmission(form, AnimalSchema)
  if (submission.status !== 'success') return replyInvalid(submission, { form: 'save' })
  const saved =
    id === NEW_ANIMAL
      ? await createAnimal(db, actorId, submission.value)
      : await updateAnimal(db, actorId, id, submission.value)
  if (!saved.ok) {
    if (saved.status === 404) throw noSuchAnimal()
    const reply = saved.field
      ? submission.reply({ fieldErrors: { [saved.field]: [saved.message] } })
      : submission.reply({ formErrors: [saved.message] })
    return data<FormReply>({ ...reply, form: 'save' }, { status: saved.status })
  }
  if (id === NEW_ANIMAL) return redirect(`/admin/shares/${saved.id}?saved`)
  return replyDone(submission, `${submission.value.name} saved.`, { form: 'save', keep: true })
}
