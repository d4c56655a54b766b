import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isChildMessage, type ChildMessage, type ParentMessage } from './child-protocol.ts'

// Child servers and temporary folders of one benchmark run, and their clean-up: on a normal end,
// on an error, on SIGINT/SIGTERM, and (synchronously, as a last resort) on process exit.

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()
/** synchronous stops of what else this run started (Chromium for Lighthouse) */
const otherStops = new Set<() => void>()
/** asynchronous clean-ups (the login section's PostgreSQL database), after the children stop */
const asyncCleanUps = new Set<() => Promise<void>>()

/** Registers a synchronous stop for cleanUp and the exit hook; call the returned function once it is stopped. */
export function trackStop(stop: () => void): () => void {
  otherStops.add(stop)
  return () => {
    otherStops.delete(stop)
  }
}

function runOtherStops(): void {
  for (const stop of otherStops) {
    otherStops.delete(stop)
    try {
      stop()
    } catch {
      // already gone
    }
  }
}

/**
 * Registers an asynchronous clean-up that cleanUp runs once the children have stopped (SIGINT,
 * the hard time limit, an error). Returns a function that runs it now, once, and forgets it.
 * The synchronous exit hook cannot run it: a run killed with SIGKILL leaves it undone.
 */
export function trackCleanUp(cleanUpNow: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined
  const once = () => {
    asyncCleanUps.delete(once)
    done ??= cleanUpNow()
    return done
  }
  asyncCleanUps.add(once)
  return once
}

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.add(dir)
  return dir
}

export interface StartedServer {
  name: string
  port: number
  details: Record<string, unknown>
  child: ChildProcess
}

/**
 * Starts `node [nodeArgs] --import tsx bench/<script> [args]` with an IPC channel and waits for
 * its 'ready' message. Rejects (and kills the child) on a 'failed' message, an early exit or
 * after `timeoutMs`.
 */
export function startServer(options: {
  name: string
  script: string
  args?: string[]
  nodeArgs?: string[]
  /** added to this process's environment, which is passed on without DATABASE_URL */
  env?: Record<string, string>
  timeoutMs?: number
}): Promise<StartedServer> {
  const { name, script, args = [], nodeArgs = [], env = {}, timeoutMs = 60_000 } = options
  // The database is the section's choice (login.ts sets DATABASE_URL for its PostgreSQL rows),
  // never a DATABASE_URL left in the shell that started the run.
  const { DATABASE_URL: _fromShell, ...inherited } = process.env
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(serverDir, 'bench', script), ...args],
    {
      cwd: serverDir,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  children.add(child)
  child.once('exit', () => children.delete(child))

  return new Promise<StartedServer>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isChildMessage(message)) return
      if (message.type === 'failed') {
        fail(`failed to start:\n${message.message}`)
      } else if (message.type === 'ready') {
        clearTimeout(timer)
        child.off('message', onMessage)
        child.off('exit', onEarlyExit)
        resolve({ name, port: message.port, details: message.details, child })
      }
    }
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited before it was ready (${signal ?? code})`)
    const fail = (message: string) => {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onEarlyExit)
      void stopChild(child)
      reject(new Error(`${name}: ${message}`))
    }
    const timer = setTimeout(() => fail(`not ready after ${timeoutMs} ms`), timeoutMs)
    child.once('error', (error) => fail(`could not start: ${error.message}`))
    child.once('exit', onEarlyExit)
    child.on('message', onMessage)
  })
}

/** Sends `message` to a ready child and waits for its answer of type `answerType`. */
export function askChild<T extends ChildMessage['type']>(
  server: StartedServer,
  message: ParentMessage,
  answerType: T,
  timeoutMs = 5_000,
): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: unknown) => {
      if (!isChildMessage(answer) || answer.type !== answerType) return
      clearTimeout(timer)
      server.child.off('message', onMessage)
      resolve(answer as Extract<ChildMessage, { type: T }>)
    }
    const timer = setTimeout(() => {
      server.child.off('message', onMessage)
      reject(new Error(`${server.name}: no '${answerType}' answer within ${timeoutMs} ms`))
    }, timeoutMs)
    server.child.on('message', onMessage)
    server.child.send(message)
  })
}

/** The child's CPU time so far (user + system), in microseconds. */
export async function cpuMicros(server: StartedServer): Promise<number> {
  const usage = await askChild(server, { type: 'cpu-usage' }, 'cpu-usage')
  return usage.user + usage.system
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Stops every child this run started, then runs the asynchronous clean-ups and removes the
 * temporary folders.
 */
export async function cleanUp(): Promise<void> {
  runOtherStops()
  await Promise.all([...children].map((child) => stopChild(child)))
  for (const cleanUpNow of asyncCleanUps) {
    await cleanUpNow().catch((error: unknown) => {
      process.stderr.write(`bench: clean-up failed: ${String(error)}\n`)
    })
  }
  for (const dir of tempDirs) {
    fs.rmSync(dir, { recursive: true, force: true })
    tempDirs.delete(dir)
  }
}

/** Last resort on exit (no async work possible there): kill what is left, remove the folders. */
function cleanUpNow(): void {
  runOtherStops()
  for (const child of children) child.kill('SIGKILL')
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
}

process.once('exit', cleanUpNow)
