import { unprintableCharacters, type DrTrialVisitItem } from '@edc/domain';
import { DrTrialError, type DrTrialVisit } from '../../platform/dr-trial/dr-trial-client.js';

/** The research's visit a DrTrial visit is compared with. */
export interface LinkedVisit {
  id: string;
  drTrialId: string | null;
  title: string;
  description: string | null;
  visitType: string;
  dayNumber: number;
  dayPlus: number;
  dayMinus: number;
  repeating: boolean;
  isRequired: boolean;
  complete: boolean;
}

/** The fields DrTrial decides for a linked visit (the visit key is set once, when the visit is made). */
export const LINKED_FIELDS = [
  'title',
  'description',
  'visitType',
  'dayNumber',
  'dayPlus',
  'dayMinus',
  'repeating',
  'isRequired',
] as const;

type Mapped = Omit<DrTrialVisitItem, 'visitId' | 'action'>;

function mapVisit(v: DrTrialVisit): Mapped {
  const title = v.title.trim();
  const description = v.description?.trim() || null;
  for (const text of [title, description ?? '']) {
    const bad = unprintableCharacters(text);
    if (bad.length) throw new DrTrialError('reply', 200, `visit ${v.id} has characters the forms cannot print`);
  }
  return {
    drTrialId: v.id,
    title,
    description,
    visitKey: (v.key?.trim() || `DRT-${v.id}`).slice(0, 200),
    visitTypeString: v.type ?? 'Period',
    dayNumber: v.dayNumber ?? 0,
    dayPlus: v.dayPlus ?? 0,
    dayMinus: v.dayMinus ?? 0,
    repeating: v.repeating ?? false,
    isRequired: v.isRequired ?? false,
  };
}

/** The values a linked visit takes from DrTrial, in the columns' names. */
export const linkedValues = (m: Mapped) => ({
  title: m.title,
  description: m.description,
  visitType: m.visitTypeString,
  dayNumber: m.dayNumber,
  dayPlus: m.dayPlus,
  dayMinus: m.dayMinus,
  repeating: m.repeating,
  isRequired: m.isRequired,
});

/**
 * What loading DrTrial's visits does to the research (docs/external-trial.md "Loading visits"): a DrTrial
 * visit no visit carries the id of is created; one whose visit differs is updated, unless that visit is
 * complete (skipped: a complete visit is not changed); the rest are unchanged. Visits DrTrial no longer
 * lists are left as they are. A DrTrial id listed twice makes the reply invalid.
 */
export function planDrTrialVisits(external: DrTrialVisit[], existing: LinkedVisit[]): DrTrialVisitItem[] {
  const seen = new Set<string>();
  const byId = new Map(existing.filter((v) => v.drTrialId).map((v) => [v.drTrialId!, v]));
  return external.map((raw) => {
    if (seen.has(raw.id)) throw new DrTrialError('reply', 200, `visit ${raw.id} is listed twice`);
    seen.add(raw.id);
    const m = mapVisit(raw);
    const visit = byId.get(m.drTrialId);
    if (!visit) return { ...m, visitId: null, action: 'create' };
    const want = linkedValues(m);
    const differs = LINKED_FIELDS.some((k) => want[k] !== visit[k]);
    const action = !differs ? 'unchanged' : visit.complete ? 'skipped' : 'update';
    return { ...m, visitId: visit.id, action };
  });
}
