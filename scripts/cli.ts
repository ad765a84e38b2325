import { EnvError } from '../app/platform/env.server'

/** Runs a CLI body; configuration problems print one line each, other failures their message. */
export async function runCli(body: () => Promise<void>): Promise<void> {
  try {
    await body()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
    } else {
      console.error(error instanceof Error ? error.message : error)
    }
    process.exitCode = 1
  }
}
