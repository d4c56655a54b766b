// The company that runs this service and underwrites its group products. Fictional: the demo
// insurer of apps/server/src/demo (all names, numbers and addresses are made up).

/** 本サービスの運営者であり、団体保険の引受保険会社。 */
export const serviceOperator = {
  insurerName: 'デモ損害保険株式会社',
  serviceName: '団体保険 Web加入・加入者マイページ',
  contactDesk: 'デモ損害保険株式会社 お客さま相談窓口',
  contactPhone: '0120-000-900',
  contactHours: '平日 9:00〜17:00（土日祝日・年末年始を除く）',
  address: '〒100-0000 東京都千代田区丸の内0-0-0',
} as const
