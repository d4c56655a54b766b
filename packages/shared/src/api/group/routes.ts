import { route } from '../endpoint.ts'

// The group's routes (SPEC §7.1, §7.2): the light half of group/endpoints.ts (ADR 0022).

/** 団体情報取得 (SPEC §7.1) */
export const groupPfInfoRoute = route('GET', '/groupPfInfo/')
/** 項目定義取得 (SPEC §7.2) */
export const itemDefinitionsRoute = route('GET', '/itemDefinitions/')
/** A group's image (logo, top image, a document's format) by its content hash */
export const groupImageRoute = route('GET', '/groupImages/{fileId}')
