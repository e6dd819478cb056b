import { describe, expect, it } from 'vitest';
import {
  checkNewVersion,
  checkVersionEdit,
  compareVersionIndex,
  formatVersionIndex,
  offeredVersionIndexes,
  parseVersionIndex,
  sortVersions,
  type VersionRow,
} from './version-index.js';

const v = (id: string, index: string, startedDate: string): VersionRow => ({ id, ...parseVersionIndex(index)!, startedDate });

describe('version indexes', () => {
  it('formats, parses and orders major.minor numerically', () => {
    expect(formatVersionIndex({ majorIndex: 1, minorIndex: 10 })).toBe('1.10');
    expect(parseVersionIndex(' 2.3 ')).toEqual({ majorIndex: 2, minorIndex: 3 });
    expect(parseVersionIndex('2')).toBeNull();
    expect(compareVersionIndex(parseVersionIndex('1.10')!, parseVersionIndex('1.9')!)).toBeGreaterThan(0);
    expect(sortVersions([v('b', '1.10', '2026-01-01'), v('a', '1.2', '2026-01-01')]).map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('offers 0.0 or 1.0 first, then the minor or major increment of the last version', () => {
    expect(offeredVersionIndexes(null).map(formatVersionIndex)).toEqual(['0.0', '1.0']);
    expect(offeredVersionIndexes({ majorIndex: 1, minorIndex: 2 }).map(formatVersionIndex)).toEqual(['1.3', '2.0']);
  });
});

describe('checkNewVersion', () => {
  const existing = [v('a', '1.0', '2026-01-10'), v('b', '1.1', '2026-02-01')];
  it('accepts an offered index dated on or after the current version', () => {
    expect(checkNewVersion([], { majorIndex: 0, minorIndex: 0, startedDate: '2020-01-01' })).toBeNull();
    expect(checkNewVersion(existing, { majorIndex: 1, minorIndex: 2, startedDate: '2026-02-01' })).toBeNull();
    expect(checkNewVersion(existing, { majorIndex: 2, minorIndex: 0, startedDate: '2026-03-01' })).toBeNull();
  });
  it('refuses an existing index with its message parameters', () => {
    expect(checkNewVersion(existing, { majorIndex: 1, minorIndex: 0, startedDate: '2026-03-01' })).toEqual({
      code: 'version_exists',
      path: 'majorIndex',
      params: { index: '1.0' },
    });
  });
  it('refuses an index that is not offered', () => {
    expect(checkNewVersion(existing, { majorIndex: 3, minorIndex: 0, startedDate: '2026-03-01' })).toMatchObject({
      code: 'version_index_not_offered',
      params: { offered: '1.2, 2.0' },
    });
    expect(checkNewVersion([], { majorIndex: 0, minorIndex: 1, startedDate: '2026-03-01' })?.code).toBe(
      'version_index_not_offered',
    );
  });
  it('refuses a date earlier than the current version', () => {
    expect(checkNewVersion(existing, { majorIndex: 2, minorIndex: 0, startedDate: '2026-01-31' })).toEqual({
      code: 'version_date_before_current',
      path: 'startedDate',
      params: { date: '2026-02-01' },
    });
  });
});

describe('checkVersionEdit', () => {
  const existing = [v('a', '1.0', '2026-01-10'), v('b', '1.1', '2026-02-01')];
  it('lets any version keep its index and date', () => {
    expect(checkVersionEdit(existing, 'a', { majorIndex: 1, minorIndex: 0, startedDate: '2026-01-10' })).toBeNull();
    expect(checkVersionEdit(existing, 'a', {})).toBeNull();
  });
  it('lets only the last version change its index or date', () => {
    expect(checkVersionEdit(existing, 'a', { startedDate: '2026-01-11' })?.code).toBe('version_not_last');
    expect(checkVersionEdit(existing, 'a', { minorIndex: 5 })?.code).toBe('version_not_last');
    expect(checkVersionEdit(existing, 'b', { majorIndex: 2, minorIndex: 0, startedDate: '2026-01-10' })).toBeNull();
  });
  it('checks the new index against the previous version', () => {
    expect(checkVersionEdit(existing, 'b', { majorIndex: 1, minorIndex: 0 })).toMatchObject({ code: 'version_exists' });
    expect(checkVersionEdit(existing, 'b', { majorIndex: 1, minorIndex: 5 })).toMatchObject({
      code: 'version_index_not_offered',
      params: { offered: '1.1, 2.0' },
    });
  });
  it('refuses a date earlier than the previous version', () => {
    expect(checkVersionEdit(existing, 'b', { startedDate: '2026-01-09' })).toEqual({
      code: 'version_date_before_previous',
      path: 'startedDate',
      params: { date: '2026-01-10' },
    });
  });
});
