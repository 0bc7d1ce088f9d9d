// The members area's wire (issue 25): the members list's fields, which of them a list or a segment may
// filter and sort on, the level rule a company without one follows, and how a mobile is masked for a
// caller who may not view members. Read by the server (list, reach, push audience), the portal (list
// filters, segment editor), the mocks and the seed.
import type { LevelMeasure } from './enums';
import type { FilterOperator } from './list-query';

/** The rule of a company that has saved none at /aotg/config. */
export const DEFAULT_LEVEL_RULE: { measure: LevelMeasure; windowDays: number } = {
  measure: 'STAMPS',
  windowDays: 90,
};

/** How a members-list field is filtered: its value type and the operators it takes. */
export interface MemberFilterField {
  type: 'text' | 'number' | 'boolean' | 'datetime' | 'reference';
  ops: readonly FilterOperator[];
  /** the field is worked out per company: an operator's list needs a company for it (`companyId`) */
  perCompany?: boolean;
}

/**
 * The members list's filters (`GET /members?filter=`) and a segment's `filter`, field by field. A
 * member's activity (level, visits, stamps in the window) is per company: an operator's list
 * filtering on one names the company with `companyId` (a level, brand or store implies its company).
 */
export const MEMBER_FILTER_FIELDS = {
  mobile: { type: 'text', ops: ['eq', 'in', 'regex'] },
  name: { type: 'text', ops: ['eq', 'regex'] },
  companyId: { type: 'reference', ops: ['eq'] },
  levelId: { type: 'reference', ops: ['eq', 'in'], perCompany: true },
  brandId: { type: 'reference', ops: ['eq', 'in'], perCompany: true },
  storeId: { type: 'reference', ops: ['eq', 'in'], perCompany: true },
  lastVisitAt: { type: 'datetime', ops: ['gte', 'lte'], perCompany: true },
  // relative to now, so a saved segment keeps its meaning ("lapsed 30 days"); never-visited excluded
  daysSinceLastVisit: { type: 'number', ops: ['gte', 'lte'], perCompany: true },
  firstVisitAt: { type: 'datetime', ops: ['gte', 'lte'], perCompany: true },
  stampsInWindow: { type: 'number', ops: ['eq', 'gte', 'lte'], perCompany: true },
  visitsInWindow: { type: 'number', ops: ['eq', 'gte', 'lte'], perCompany: true },
  hasAvailableVoucher: { type: 'boolean', ops: ['eq'], perCompany: true },
  createTime: { type: 'datetime', ops: ['gte', 'lte'] },
} as const satisfies Record<string, MemberFilterField>;
export type MemberFilterName = keyof typeof MEMBER_FILTER_FIELDS;

/** What the members list sorts on. */
export const MEMBER_SORT_FIELDS = [
  'mobile',
  'name',
  'createTime',
  'lastVisitAt',
  'firstVisitAt',
  'stampsInWindow',
  'visitsInWindow',
  // the level's measure: it orders members as their levels do
  'measureValue',
] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];

/** A member's level as the list and the profile answer it. */
export interface MemberLevelRef {
  id: number;
  name: string;
  rank: number;
}

/** One row of `GET /members`. Activity fields are the company's (`companyId`); null without one. */
export interface MemberRow {
  id: number;
  mobile: string;
  name: string | null;
  createTime: string;
  companyId: number | null;
  level: MemberLevelRef | null;
  levelId: number | null;
  stampsInWindow: number | null;
  visitsInWindow: number | null;
  completedCardsInWindow: number | null;
  measureValue: number | null;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
}

/** The digits of a mobile kept visible when it is masked: the last 4 (and the country's `+` prefix). */
export const MOBILE_VISIBLE_DIGITS = 4;

/**
 * A mobile as a caller who may not view members sees it: `+65••••1234`. The same function masks on the
 * server (answers, exports) and nowhere else: the portal never receives the whole number to hide it.
 */
export const maskMobile = (mobile: string): string => {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length <= MOBILE_VISIBLE_DIGITS) return '•'.repeat(digits.length);
  const tail = digits.slice(-MOBILE_VISIBLE_DIGITS);
  const head = mobile.startsWith('+') ? `+${digits.slice(0, 2)}` : '';
  const hidden = digits.length - MOBILE_VISIBLE_DIGITS - (head ? 2 : 0);
  return `${head}${'•'.repeat(Math.max(hidden, 0))}${tail}`;
};
