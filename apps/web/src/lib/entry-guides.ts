import { loadEntryGuides } from '@app/shared/documents'

/**
 * The group-specific entry documents (@app/shared documents/entry-guides.ts). Awaited at the top
 * of a module only the entry screens import, so the text arrives with the screen's own chunk: the
 * route waits for it as for the screen, and a failed download takes the shell's chunk-reload path.
 */
export const entryGuides = await loadEntryGuides()
