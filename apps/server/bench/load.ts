import autocannon, { type RawResult } from 'autocannon'
import { cpuMicros, type StartedServer } from './processes.ts'
import { loadSettings } from './settings.ts'

// autocannon runs against one target: a warm-up, then measured rounds whose counters and latency
// histograms are merged. The target server's own CPU time is read (over IPC) around each round.

export interface Target {
  label: string
  url: string
  server: StartedServer
  headers?: Record<string, string>
}

export interface Round {
  result: RawResult
  serverCpuMicros: number
  /** this process's CPU time over the round: autocannon's */
  clientCpuMicros: number
}

export interface LoadSummary {
  label: string
  url: string
  requestsPerSecond: number
  latencyP50: number
  latencyP99: number
  latencyMax: number
  totalRequests: number
  bytesPerResponse: number
  durationSeconds: number
  /** the server process's CPU time (user + system) per answered request */
  serverCpuMicrosPerRequest: number
  /** the server process's CPU time ÷ wall time: 1.0 = one core fully busy */
  serverCoresBusy: number
  /** the same for autocannon (this process); near 1.0 = the load generator is the limit */
  clientCoresBusy: number
  /** non-2xx answers, connection errors and timeouts, warm-up included */
  problems: string[]
}

function run(target: Target, seconds: number): PromiseLike<RawResult> {
  return autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections: loadSettings.connections,
    pipelining: loadSettings.pipelining,
    duration: seconds,
    timeout: loadSettings.timeoutSeconds,
    skipAggregateResult: true,
  })
}

export function problemsOf(result: RawResult, phase: string): string[] {
  const problems: string[] = []
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `HTTP ${code} ×${count}`)
      .join(', ')
    problems.push(`${phase}: ${result.non2xx} non-2xx responses (${codes})`)
  }
  if (result.errors > 0) problems.push(`${phase}: ${result.errors} connection errors`)
  if (result.timeouts > 0) problems.push(`${phase}: ${result.timeouts} timeouts`)
  if (result['2xx'] === 0) problems.push(`${phase}: no 2xx response at all`)
  return problems
}

export async function warmUp(target: Target): Promise<string[]> {
  return problemsOf(await run(target, loadSettings.warmupSeconds), 'warm-up')
}

export async function measureRound(target: Target, seconds: number): Promise<Round> {
  const before = await cpuMicros(target.server)
  const clientBefore = process.cpuUsage()
  const result = await run(target, seconds)
  const client = process.cpuUsage(clientBefore)
  const after = await cpuMicros(target.server)
  return { result, serverCpuMicros: after - before, clientCpuMicros: client.user + client.system }
}

export function summarize(target: Target, rounds: Round[], warmUpProblems: string[]): LoadSummary {
  const sum = (pick: (round: Round) => number) =>
    rounds.reduce((total, round) => total + pick(round), 0)
  const requests = sum((round) => round.result.totalCompletedRequests)
  const seconds = sum((round) => round.result.duration)
  const merged = autocannon.aggregateResult(
    rounds.map((round) => round.result),
    { url: target.url, connections: loadSettings.connections },
  )
  const serverCpu = sum((round) => round.serverCpuMicros)
  return {
    label: target.label,
    url: target.url,
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    latencyP50: merged.latency.p50,
    latencyP99: merged.latency.p99,
    latencyMax: merged.latency.max,
    totalRequests: requests,
    bytesPerResponse: requests > 0 ? sum((round) => round.result.totalBytes) / requests : 0,
    durationSeconds: seconds,
    serverCpuMicrosPerRequest: requests > 0 ? serverCpu / requests : 0,
    serverCoresBusy: seconds > 0 ? serverCpu / (seconds * 1e6) : 0,
    clientCoresBusy: seconds > 0 ? sum((round) => round.clientCpuMicros) / (seconds * 1e6) : 0,
    problems: [
      ...warmUpProblems,
      ...rounds.flatMap((round, index) => problemsOf(round.result, `round ${index + 1}`)),
    ],
  }
}
