import { fuzzAll, type Job, RUNS, report } from './support/fuzz-harness'
import { CookieJar } from './support/fuzz-inputs'
import { expect, test } from './support/fuzz-server'
import { adminOwned, makeVictim, stockAccount } from './support/fuzz-state'
import { TARGETS } from './support/fuzz-targets'

// The fuzzing as a guest and as a customer (the properties are in fuzz-routes.spec.ts): no 5xx,
// admin forms refused, and nothing an admin owns changed.

test('guests and customers: no 5xx, admin forms refused, and no price or stock change', async ({
  fuzzServer: server,
}) => {
  test.setTimeout(Math.max(120_000, RUNS * 4_000))
  const victim = await makeVictim(server)
  const customer = await server.newCustomer('fuzz-customer')
  // Something in the customer's cart from the start, so that checkouts place orders.
  for (const name of ['Huckleberry Jam', 'Wildflower Honey', 'Pasture-Raised Eggs']) {
    const product = server.get<{ id: string }>('select id from products where name = ?', name)
    await server.post(customer.jar, '/cart', { intent: 'add', productId: product?.id ?? '' })
  }
  const guest = new CookieJar()
  const ownedBefore = adminOwned(server, victim)
  const stockBefore = stockAccount(server)
  const auditBefore = server.get<{ n: number }>('select count(*) as n from audit_log')?.n ?? 0

  const jobs: Job[] = TARGETS.flatMap((target) => [
    { target, role: 'guest' as const, jar: guest, runs: RUNS },
    // Signing out the fuzzing customer would leave the rest of the run as a guest.
    ...(target.name === 'signout'
      ? []
      : [{ target, role: 'customer' as const, jar: customer.jar, runs: RUNS }]),
  ])
  const failures = await fuzzAll(server, jobs)
  expect.soft(failures, failures.join('\n\n')).toEqual([])

  expect(stockAccount(server), 'stock + what orders hold').toEqual(stockBefore)
  expect(adminOwned(server, victim)).toEqual(ownedBefore)
  const audited = server.all<{ action: string }>(
    'select action from audit_log order by created_at limit -1 offset ?',
    auditBefore,
  )
  expect(audited, 'audit log entries made while no admin was signed in').toEqual([])
  // The customer's own session survived everything they sent.
  const account = await fetch(`${server.url}/account/profile`, {
    headers: { cookie: customer.jar.header() },
    redirect: 'manual',
  })
  expect(account.status).toBe(200)
  const orders = server.all<{ payment_method: string; status: string }>(
    'select payment_method, status from orders',
  )
  report(
    `${orders.length} orders placed (${orders.filter((o) => o.payment_method === 'stripe').length} by card, ${orders.filter((o) => o.status === 'cancelled').length} cancelled)`,
  )
})
