// A segment's live reach (docs/api.md "Segments"): while a segment is edited, how many members its
// filter picks now. A saved segment shown as saved asks GET /segments/{id}/reach; a filter being
// changed (or a new segment's) asks POST /segments/reach with {filter} (and an operator's company),
// debounced. Nothing is asked while a condition is incomplete.
import { useEffect, useState } from 'react';
import { segments } from '../../../resources/tables/segments';
import { useDebounced } from '../../components/CompanyPicker';
import { useHttpClient } from '../../components/HttpClientContext';
import type { HttpClient } from '../../providers/httpClient';
import { type Condition, conditionsOf, isComplete } from './filter';

export interface Reach {
  members: number;
}

/** What is asked: a saved segment by id, or a filter (of a company, for an operator). */
export type ReachQuestion =
  | { kind: 'saved'; id: number | string }
  | { kind: 'filter'; filter: Condition[]; companyId?: number };

export const askReach = async (http: HttpClient, q: ReachQuestion, signal?: AbortSignal): Promise<Reach> => {
  const opts = signal ? { signal } : {};
  if (q.kind === 'saved')
    return (await http<Reach>(`${segments.path}/${encodeURIComponent(String(q.id))}/reach`, opts)).data;
  const body =
    q.companyId === undefined ? { filter: q.filter } : { filter: q.filter, companyId: q.companyId };
  return (await http<Reach>(`${segments.path}/reach`, { method: 'POST', body, ...opts })).data;
};

export type ReachState =
  | { status: 'incomplete' }
  | { status: 'company' }
  | { status: 'loading'; previous: number | null }
  | { status: 'ready'; members: number }
  | { status: 'error'; error: unknown };

/**
 * The question for a form's values: none while a condition is incomplete (or an operator's company
 * is not chosen); the saved segment's while the filter is the one saved.
 */
export const reachQuestionOf = (
  filter: unknown,
  saved: { id?: number | string; filter?: unknown } | undefined,
  companyId: number | null,
  isOperator: boolean,
): ReachQuestion | 'incomplete' | 'company' => {
  const conditions = conditionsOf(filter);
  if (!conditions.every(isComplete)) return 'incomplete';
  if (saved?.id !== undefined && JSON.stringify(saved.filter ?? []) === JSON.stringify(conditions))
    return { kind: 'saved', id: saved.id };
  if (isOperator && companyId === null) return 'company';
  return isOperator && companyId !== null
    ? { kind: 'filter', filter: conditions, companyId }
    : { kind: 'filter', filter: conditions };
};

export const useSegmentReach = (
  filter: unknown,
  saved: { id?: number | string; filter?: unknown } | undefined,
  companyId: number | null,
  isOperator: boolean,
  delayMs = 400,
): ReachState => {
  const http = useHttpClient();
  const wanted = reachQuestionOf(filter, saved, companyId, isOperator);
  const key = typeof wanted === 'string' ? null : JSON.stringify(wanted);
  const asked = useDebounced(key, delayMs);
  const [answer, setAnswer] = useState<{ key: string; members?: number; error?: unknown } | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (asked === null) return;
    const controller = new AbortController();
    askReach(http, JSON.parse(asked) as ReachQuestion, controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        setAnswer({ key: asked, members: data.members });
        setShown(data.members);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key: asked, error });
      });
    return () => controller.abort();
  }, [http, asked]);
  if (wanted === 'incomplete') return { status: 'incomplete' };
  if (wanted === 'company') return { status: 'company' };
  if (answer === null || answer.key !== key) return { status: 'loading', previous: shown };
  return answer.members !== undefined
    ? { status: 'ready', members: answer.members }
    : { status: 'error', error: answer.error };
};
