// `npm run admin -- <command>`: farm administration from the shell, on the same DATABASE_URL
// as the server.
import { parseArgs } from 'node:util'
import { CreateAdminSchema, createAdmin, LAST_ADMIN_REFUSED, setAdmin } from '~/auth/admins.server'
import { closeDb, getDb } from '../app/platform/db/db.server'
import { migrateToLatest } from '../app/platform/db/migrate.server'
import { runCli } from './cli'

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create --email EMAIL --password PASSWORD [--first NAME --last NAME]
                 Create a verified administrator account, or make an existing
                 account an administrator (its password is left as it is).
  grant EMAIL    Make an existing customer an administrator.
  revoke EMAIL   Remove administrator rights (never from the last administrator).
  help           Show this help.
`

class UsageError extends Error {}

async function main(argv: string[]) {
  const [command = 'help', ...rest] = argv
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE)
    return
  }
  if (!['create', 'grant', 'revoke'].includes(command)) {
    throw new UsageError(`Unknown command: ${command}`)
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
    },
  })
  const db = getDb()
  await migrateToLatest(db)
  try {
    if (command === 'create') {
      const parsed = CreateAdminSchema.safeParse({
        email: values.email,
        password: values.password,
        firstName: values.first,
        lastName: values.last,
      })
      if (!parsed.success) {
        throw new UsageError(parsed.error.issues.map((issue) => issue.message).join('\n'))
      }
      const { created } = await createAdmin(db, parsed.data)
      console.log(
        created
          ? `Created administrator ${parsed.data.email}.`
          : `${parsed.data.email} already had an account; it is now an administrator.`,
      )
      return
    }
    const email = positionals[0]
    if (!email || positionals.length > 1) throw new UsageError(`${command} takes one email address`)
    const outcome = await setAdmin(db, email, command === 'grant')
    if (outcome === 'not_found') throw new Error(`No account with the email ${email}.`)
    if (outcome === 'last_admin') throw new Error(`${email} was not changed. ${LAST_ADMIN_REFUSED}`)
    console.log(`${email} ${command === 'grant' ? 'is now' : 'is no longer'} an administrator.`)
  } finally {
    await closeDb()
  }
}

await runCli(async () => {
  try {
    await main(process.argv.slice(2))
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      console.error(`${error.message}\n`)
      console.error(USAGE)
      process.exitCode = 2
      return
    }
    throw error
  }
})
