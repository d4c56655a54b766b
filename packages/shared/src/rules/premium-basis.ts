/**
 * What a unit's premium (unitPremium) is the price of (ADR 0019, issue #23 point 3):
 * - 'perInsured': each insured person registered in the unit pays it (本人型);
 * - 'perUnit': it covers everyone registered in the unit together (夫婦型, 家族型).
 * Group data and applications written before the field existed read as 'perInsured'.
 */
export const PREMIUM_BASES = ['perInsured', 'perUnit'] as const
export type PremiumBasis = (typeof PREMIUM_BASES)[number]
