import fs from 'node:fs'
import path from 'node:path'

// Issue #17 point 5: the embedded database's folder holds the signing keys and personal data
// (its WAL among them), and PGlite creates its files 0666. Folders are 0700 and files 0600: the
// process's umask makes everything it creates so, and the tree already there is checked at start
// and tightened (an install made before this rule, or files copied in by hand).

const PRIVATE_UMASK = 0o077

/** From now on this process creates files 0600 and folders 0700 (whatever a library asks). */
export function createPrivately(): void {
  process.umask(PRIVATE_UMASK)
}

/** The files and folders under `root` (itself included) that group or others can read. */
export function exposedEntries(root: string): string[] {
  const exposed: string[] = []
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false })
    if (stat === undefined || stat.isSymbolicLink()) return
    if ((stat.mode & PRIVATE_UMASK) !== 0) exposed.push(entry)
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name))
    }
  }
  visit(root)
  return exposed
}

/** Makes every file under `root` 0600 (or 0700 when it was executable) and every folder 0700. */
export function tightenTree(root: string): number {
  const exposed = exposedEntries(root)
  for (const entry of exposed) {
    const { mode } = fs.lstatSync(entry)
    fs.chmodSync(entry, mode & 0o700)
  }
  return exposed.length
}
