import { sql } from 'kysely'
import { type DB, healthPoolOf } from './db.server'

// The database's answers to /healthz and the database watch: is it there, and does it take a
// write? Both run on the health connection where there is one, not waiting behind a busy pool.

export async function pingDatabase(db: DB): Promise<void> {
  const health = healthPoolOf(db)
  if (health) await health.query('select 1')
  else await sql`select 1`.execute(db)
}

/**
 * Throws when the database cannot take a write now (a full disk, a read-only file or server);
 * for /healthz and the database watch, which call it at most every few seconds. Only a write
 * can tell, and it must reach the disk:
 * - SQLite keeps a transaction's pages in memory until COMMIT, so one rolled back never meets a
 *   full disk: the probe commits an upsert of health_probe's one row (a WAL frame, a few KB).
 *   It goes through Kysely, which gives the process's one connection to one user at a time.
 * - PostgreSQL writes as it goes, but an update finds room in the row's own page and needs no
 *   new space. TRUNCATE gives the table new, empty files, so the INSERT after it must extend one
 *   (PostgreSQL writes the new page at once: a full disk is 53100 there), and a read-only
 *   server refuses the TRUNCATE (25006). Rolled back, nothing is kept. It runs on the health
 *   connection, not waiting behind a busy pool; lock_timeout bounds a wait for another
 *   instance's probe (55P03, which the watch reads as busy, not failing).
 */
export async function probeWrites(db: DB): Promise<void> {
  const health = healthPoolOf(db)
  if (!health) {
    await db
      .insertInto('health_probe')
      .values({ id: 1, probes: 1 })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({
          probes: sql`health_probe.probes + 1`,
          probed_at: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        }),
      )
      .execute()
    return
  }
  const client = await health.connect()
  // A connection whose ROLLBACK failed is not given back to the pool.
  let broken: Error | undefined
  try {
    await client.query('begin')
    try {
      await client.query(`set local lock_timeout = '1s'`)
      await client.query('truncate health_probe')
      await client.query('insert into health_probe (id, probes) values (1, 1)')
    } finally {
      await client.query('rollback').catch((error: Error) => {
        broken = error
      })
    }
  } finally {
    client.release(broken)
  }
}
