import type { Participation } from '@app/shared/api/admin/participation'
import { t } from '@app/shared/messages/admin-console'
import { AUDIT_CSV_BOM, csvLine } from '../audit/audit-csv.ts'

// The participation figures as CSV (issue #21 point 5, ADR 0033): the audit log's format (UTF-8
// with a BOM, CRLF, RFC 4180 quoting, a cell starting with = + - @ formula-guarded). One table of
// three columns, so a spreadsheet can filter it: the kind of figure, what it counts, the count.

const figureKeys = ['rosterSize', 'verified', 'started', 'applied', 'paid', 'processed'] as const

const dashed = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`

export function participationCsv(participation: Participation): string {
  const lines = [
    csvLine(['区分', '項目', '件数']),
    csvLine(['団体商品', participation.groupPfCode, participation.groupPfCodeInceptionDateYm]),
    ...figureKeys.map((key) =>
      csvLine(['集計', t(`admin.participation.figure.${key}`), String(participation.figures[key])]),
    ),
    ...participation.daily.flatMap((day) =>
      (['started', 'applied', 'paid'] as const).map((series) =>
        csvLine([
          `日別：${t(`admin.participation.series.${series}`)}`,
          dashed(day.date),
          String(day[series]),
        ]),
      ),
    ),
    ...participation.funnel.map((stage) =>
      csvLine([
        '段階ごとの到達数',
        t(`admin.participation.stage.${stage.stage}`),
        String(stage.reached),
      ]),
    ),
  ]
  return AUDIT_CSV_BOM + lines.join('')
}
