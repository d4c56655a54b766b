// The subset of autocannon 9's promise API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
  }

  export interface Options {
    url: string
    title?: string
    connections?: number
    duration?: number
    pipelining?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    warmup?: { connections?: number; duration?: number }
    /** return the per-instance result (RawResult) for aggregateResult */
    skipAggregateResult?: boolean
  }

  /** What one instance returns with skipAggregateResult: counters and encoded histograms. */
  export interface RawResult {
    totalCompletedRequests: number
    totalRequests: number
    totalBytes: number
    /** seconds */
    duration: number
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface Result {
    title?: string
    url: string
    duration: number
    connections: number
    pipelining: number
    requests: Histogram & { sent: number }
    latency: Histogram & { totalCount: number }
    throughput: Histogram
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    /** present when `warmup` was given */
    warmup?: Result
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void
  }

  export interface RawInstance extends PromiseLike<RawResult> {
    stop(): void
  }

  interface Autocannon {
    (options: Options & { skipAggregateResult: true }): RawInstance
    (options: Options): Instance
    /** merges the histograms of RawResults (latency percentiles over all of them) */
    aggregateResult(results: RawResult[], options: Options): Result
  }

  const autocannon: Autocannon
  export default autocannon
}
