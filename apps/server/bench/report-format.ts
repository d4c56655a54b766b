// Plain-text output shared by the benchmark sections (run.ts, lighthouse.ts).

export const out = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

export const verdict = (ok: boolean): 'PASS' | 'FAIL' => (ok ? 'PASS' : 'FAIL')

/** Columns padded to their widest cell; `alignRight[i]` right-aligns column i. */
export function table(rows: string[][], alignRight: boolean[]): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? []
  return rows.map((row) =>
    row
      .map((cell, column) =>
        alignRight[column] === true
          ? cell.padStart(widths[column] ?? 0)
          : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  )
}
