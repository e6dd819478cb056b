/**
 * Research version index rules (spec sections 4 and 5). An index is major.minor; a new version takes one
 * of two offered indexes — the minor increment or the major increment of the last version (0.0 or 1.0
 * for the first) — that does not exist yet, and its start date is not earlier than the last version's.
 * Only the last version may change its index or date, and then against the version before it.
 */

export interface VersionIndex {
  majorIndex: number;
  minorIndex: number;
}

export interface VersionRow extends VersionIndex {
  id: string;
  /** YYYY-MM-DD */
  startedDate: string;
}

export type VersionRuleCode =
  | 'version_exists'
  | 'version_index_not_offered'
  | 'version_date_before_current'
  | 'version_date_before_previous'
  | 'version_not_last';

export interface VersionRuleError {
  code: VersionRuleCode;
  path: 'majorIndex' | 'minorIndex' | 'startedDate';
  params: Record<string, string>;
}

export const formatVersionIndex = (v: VersionIndex): string => `${v.majorIndex}.${v.minorIndex}`;

export function parseVersionIndex(text: string): VersionIndex | null {
  const m = /^(\d{1,4})\.(\d{1,4})$/.exec(text.trim());
  return m ? { majorIndex: Number(m[1]), minorIndex: Number(m[2]) } : null;
}

export function compareVersionIndex(a: VersionIndex, b: VersionIndex): number {
  return a.majorIndex - b.majorIndex || a.minorIndex - b.minorIndex;
}

export const sameVersionIndex = (a: VersionIndex, b: VersionIndex) => compareVersionIndex(a, b) === 0;

/** Versions in index order (oldest first). */
export function sortVersions<T extends VersionIndex>(versions: readonly T[]): T[] {
  return [...versions].sort(compareVersionIndex);
}

/** The two indexes offered after `last`: [minor increment, major increment]. */
export function offeredVersionIndexes(last: VersionIndex | null | undefined): [VersionIndex, VersionIndex] {
  if (!last)
    return [
      { majorIndex: 0, minorIndex: 0 },
      { majorIndex: 1, minorIndex: 0 },
    ];
  return [
    { majorIndex: last.majorIndex, minorIndex: last.minorIndex + 1 },
    { majorIndex: last.majorIndex + 1, minorIndex: 0 },
  ];
}

const isOffered = (after: VersionIndex | null | undefined, index: VersionIndex) =>
  offeredVersionIndexes(after).some((o) => sameVersionIndex(o, index));

/** Checks a new version against the existing ones; null when it may be created. */
export function checkNewVersion(
  existing: readonly VersionRow[],
  next: VersionIndex & { startedDate: string },
): VersionRuleError | null {
  const index = formatVersionIndex(next);
  if (existing.some((v) => sameVersionIndex(v, next))) return { code: 'version_exists', path: 'majorIndex', params: { index } };
  const current = sortVersions(existing).at(-1);
  if (!isOffered(current, next)) {
    const offered = offeredVersionIndexes(current).map(formatVersionIndex).join(', ');
    return { code: 'version_index_not_offered', path: 'majorIndex', params: { index, offered } };
  }
  if (current && next.startedDate < current.startedDate) {
    return { code: 'version_date_before_current', path: 'startedDate', params: { date: current.startedDate } };
  }
  return null;
}

/** Checks an edit of version `id` that may change its index and date; null when allowed. */
export function checkVersionEdit(
  existing: readonly VersionRow[],
  id: string,
  change: Partial<VersionIndex> & { startedDate?: string },
): VersionRuleError | null {
  const sorted = sortVersions(existing);
  const pos = sorted.findIndex((v) => v.id === id);
  const self = sorted[pos];
  if (!self) throw new Error(`version ${id} is not among the versions`);
  const next = {
    majorIndex: change.majorIndex ?? self.majorIndex,
    minorIndex: change.minorIndex ?? self.minorIndex,
    startedDate: change.startedDate ?? self.startedDate,
  };
  const indexChanged = !sameVersionIndex(next, self);
  const dateChanged = next.startedDate !== self.startedDate;
  if (!indexChanged && !dateChanged) return null;
  if (pos !== sorted.length - 1) {
    return {
      code: 'version_not_last',
      path: indexChanged ? 'majorIndex' : 'startedDate',
      params: { index: formatVersionIndex(self) },
    };
  }
  const previous = sorted[pos - 1];
  if (indexChanged) {
    const index = formatVersionIndex(next);
    if (sorted.some((v) => v.id !== id && sameVersionIndex(v, next)))
      return { code: 'version_exists', path: 'majorIndex', params: { index } };
    if (!isOffered(previous, next)) {
      const offered = offeredVersionIndexes(previous).map(formatVersionIndex).join(', ');
      return { code: 'version_index_not_offered', path: 'majorIndex', params: { index, offered } };
    }
  }
  if (previous && next.startedDate < previous.startedDate) {
    return { code: 'version_date_before_previous', path: 'startedDate', params: { date: previous.startedDate } };
  }
  return null;
}
