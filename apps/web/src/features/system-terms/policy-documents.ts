import { loadPolicyDocuments } from '@app/shared/documents'

/**
 * The four policies (@app/shared documents/policies.ts), awaited at the top of this lazily loaded
 * module: the route waits for them as for the screen, and a failed download takes the shell's
 * chunk-reload path.
 */
export const { policyDocuments } = await loadPolicyDocuments()
