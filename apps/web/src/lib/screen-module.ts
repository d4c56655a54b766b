import type { ComponentType } from 'react'

// The route table's lazy screens and what the shared loader gives them (app/guards.ts). Here, not
// in app/, so that a screen can read its loader data without importing the app that loads it.

export interface ScreenModule {
  default: ComponentType
}

export interface ScreenLoaderData {
  Screen: ScreenModule['default']
  /** what the route's SPEC §2.5 initialisation returned (null when it has none) */
  initialData: unknown
}
