// Moving inside the SPA without a page load, for screens whose way in is not built yet.
import type { Page } from '@playwright/test'

/**
 * Moves the router to `path` the way the browser's forward button would (a history entry of
 * this document, then popstate), so the target counts as reached through the flow (SPEC §2.5,
 * ADR 0003) and the navigation block (SPEC §2.7) judges it as a move from the current page.
 * The screens that lead to the flow's later pages arrive with issues #5–#8; until then this is
 * how a test stands on such a page inside the app.
 */
export async function moveWithinApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    // The router's own entry format ({ usr, key, idx }): it reverts a blocked move by its index.
    const current = (window.history.state as { idx?: number } | null)?.idx ?? 0
    const state = { usr: null, key: 'e2e', idx: current + 1 }
    window.history.pushState(state, '', target)
    window.dispatchEvent(new PopStateEvent('popstate', { state }))
  }, path)
}
