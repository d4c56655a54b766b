import { route } from '../endpoint.ts'

// Group products and rosters in the console (issue #21 points 1 and 2, ADR 0030): the routes;
// the endpoints are in ./setup.ts.

// ── Routes ────────────────────────────────────────────────────────────────────────────────
/** Dry run of a group product document: every error by path, or the diff with the published one */
export const productCheckRoute = route('POST', '/admin/products/check/')
/** Publish a group product document (one transaction, audited) */
export const productPublishRoute = route('POST', '/admin/products/publish/')
/** The published document of a group product, to edit it in the console */
export const productDocumentRoute = route('GET', '/admin/products/document/')
/** Dry run of a roster CSV: bad rows by line, additions, changes and removals */
export const rosterCheckRoute = route('POST', '/admin/rosters/check/')
/** Publish a roster: new members' first-entry letters in the answer, once */
export const rosterPublishRoute = route('POST', '/admin/rosters/publish/')
