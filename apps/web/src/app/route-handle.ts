import { useMatches } from 'react-router'
import type { LayoutName } from '../components/layout/page-shell.tsx'
import type { ScreenDefinition } from './route-table.ts'

/** `handle` of a screen route. */
export interface ScreenHandle {
  screen: ScreenDefinition
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && 'screen' in handle
}

/** The deepest matched screen definition, if a screen route matched. */
export function useCurrentScreen(): ScreenDefinition | undefined {
  const matches = useMatches()
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle
    if (isScreenHandle(handle)) return handle.screen
  }
  return undefined
}

/** The layout of the matched screen; common where no screen matched (404). */
export function useCurrentLayout(): LayoutName {
  return useCurrentScreen()?.layout ?? 'common'
}
