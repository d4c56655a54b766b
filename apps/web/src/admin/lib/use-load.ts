import { useCallback, useEffect, useRef, useState } from 'react'

// A screen's data: loaded when its inputs change, again on reload(); the answer of a load that
// was replaced (or a screen that was left) is dropped. A reload keeps the data shown until the
// new answer is in, so the screen stays as it is (its messages, its open sections) meanwhile.

export type Loaded<T> =
  { state: 'loading' } | { state: 'done'; data: T } | { state: 'failed'; error: unknown }

export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): Loaded<T> & { reload: () => void } {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' })
  const [round, setRound] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const depsRef = useRef<readonly unknown[] | undefined>(undefined)
  useEffect(() => {
    const controller = new AbortController()
    const sameInputs =
      depsRef.current?.length === deps.length &&
      deps.every((value, index) => Object.is(value, depsRef.current?.[index]))
    depsRef.current = deps
    setResult((current) =>
      sameInputs && current.state === 'done' ? current : { state: 'loading' },
    )
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ state: 'done', data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ state: 'failed', error })
      },
    )
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names the inputs
  }, [round, ...deps])
  const reload = useCallback(() => setRound((value) => value + 1), [])
  return { ...result, reload }
}
