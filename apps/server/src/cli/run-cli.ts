import path from 'node:path'
import { parseArgs, type ParseArgsConfig } from 'node:util'

/** Where a CLI's `main` writes: the process's streams, or a test's buffers. */
export interface CliOutput {
  stdout: (text: string) => void
  stderr: (text: string) => void
}

export const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}

/**
 * `parseArgs` for a CLI's `main`: a command line it cannot parse is told, with the usage, on
 * stderr, and the answer is undefined (main then exits 2).
 */
export function parseCliArgs<T extends ParseArgsConfig>(
  config: T,
  usage: string,
  output: CliOutput,
): ReturnType<typeof parseArgs<T>> | undefined {
  try {
    return parseArgs(config)
  } catch (error) {
    output.stderr(`${(error as Error).message}\n${usage}\n`)
    return undefined
  }
}

/**
 * Runs a CLI module's `main` when the module is the process's entry point (not when a test
 * imports it): `prepare` reads what main needs (the configuration); a failure of either prints
 * its message and exits 1, otherwise the process exits with main's code.
 */
export function runCli<T>(
  moduleFilename: string,
  prepare: () => T,
  main: (args: string[], prepared: T) => Promise<number>,
): void {
  if (process.argv[1] === undefined || path.resolve(process.argv[1]) !== moduleFilename) return
  const fail = (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
  let prepared: T
  try {
    prepared = prepare()
  } catch (error) {
    fail(error)
    return
  }
  main(process.argv.slice(2), prepared).then((code) => process.exit(code), fail)
}
