// `npm run admin -- <command>`: farm administration from the shell. The accounts issue adds
// the commands (create an admin, grant or remove admin); until then it only explains itself.

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  help                 Show this help.

Coming with accounts:
  create-admin         Create an administrator account.
  grant-admin <email>  Make an existing customer an administrator.
  revoke-admin <email> Remove administrator rights.
`

const [command = 'help'] = process.argv.slice(2)
if (command === 'help' || command === '--help' || command === '-h') {
  console.log(USAGE)
} else {
  console.error(`Unknown command: ${command}\n`)
  console.error(USAGE)
  process.exitCode = 2
}
