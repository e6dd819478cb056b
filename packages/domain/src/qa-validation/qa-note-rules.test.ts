import { describe, expect, it } from 'vitest';
import {
  describeUnvalidated,
  QA_NOTE_ACTIONS,
  QA_NOTE_ROLES,
  QA_NOTE_STATUSES,
  qaNoteActionsFor,
  qaNoteRoleOf,
  qaNotesIndicator,
  qaNoteStep,
  qaToggleRefusal,
  type QaNoteAction,
  type QaNoteRole,
  type QaNoteStatus,
} from './qa-note-rules.js';

// Every state × action × role, written out from the spec (design-and-admin section 4) rather than read
// back from the machine: the next status, 'Deleted', or the refusal's HTTP status.
const EXPECTED: Record<QaNoteStatus, Record<QaNoteAction, Record<QaNoteRole | 'nobody', string | number>>> = {
  New: {
    Comment: { Qa: 'New', Designer: 'Updated', nobody: 403 },
    Resolve: { Qa: 403, Designer: 'ResolutionProposed', nobody: 403 },
    Close: { Qa: 'Closed', Designer: 403, nobody: 403 },
    Delete: { Qa: 'Deleted', Designer: 403, nobody: 403 },
  },
  Updated: {
    Comment: { Qa: 'New', Designer: 'Updated', nobody: 403 },
    Resolve: { Qa: 403, Designer: 409, nobody: 403 },
    Close: { Qa: 'Closed', Designer: 403, nobody: 403 },
    Delete: { Qa: 'Deleted', Designer: 403, nobody: 403 },
  },
  ResolutionProposed: {
    Comment: { Qa: 'New', Designer: 'ResolutionProposed', nobody: 403 },
    Resolve: { Qa: 403, Designer: 409, nobody: 403 },
    Close: { Qa: 'Closed', Designer: 403, nobody: 403 },
    Delete: { Qa: 'Deleted', Designer: 403, nobody: 403 },
  },
  Closed: {
    Comment: { Qa: 409, Designer: 409, nobody: 403 },
    Resolve: { Qa: 403, Designer: 409, nobody: 403 },
    Close: { Qa: 409, Designer: 403, nobody: 403 },
    Delete: { Qa: 'Deleted', Designer: 403, nobody: 403 },
  },
};

describe('QA note state machine', () => {
  const cases = QA_NOTE_STATUSES.flatMap((status) =>
    QA_NOTE_ACTIONS.flatMap((action) =>
      [...QA_NOTE_ROLES, 'nobody' as const].map((role) => ({ status, action, role, expected: EXPECTED[status][action][role] })),
    ),
  );

  it.each(cases)('$status × $action × $role → $expected', ({ status, action, role, expected }) => {
    const step = qaNoteStep(status, action, role === 'nobody' ? null : role);
    if (typeof expected === 'number') {
      expect(step).toMatchObject({ ok: false, status: expected });
    } else {
      expect(step).toEqual({ ok: true, next: expected });
    }
  });

  it('names why a designer cannot act on a closed note or resolve an answered one', () => {
    expect(qaNoteStep('Closed', 'Comment', 'Designer')).toMatchObject({ code: 'qa_note_closed' });
    expect(qaNoteStep('Updated', 'Resolve', 'Designer')).toMatchObject({ code: 'qa_note_not_new' });
  });

  it('offers a dialog only the allowed actions', () => {
    expect(qaNoteActionsFor('New', 'Designer')).toEqual(['Comment', 'Resolve']);
    expect(qaNoteActionsFor('Closed', 'Qa')).toEqual(['Delete']);
    expect(qaNoteActionsFor('New', null)).toEqual([]);
  });

  it('gives QA precedence over design rights', () => {
    expect(qaNoteRoleOf({ isQaOfResearch: true, mayEditDesign: true })).toBe('Qa');
    expect(qaNoteRoleOf({ isQaOfResearch: false, mayEditDesign: true })).toBe('Designer');
    expect(qaNoteRoleOf({ isQaOfResearch: false, mayEditDesign: false })).toBeNull();
  });
});

describe('QA indicator and gate', () => {
  it('shows the status of highest priority', () => {
    expect(qaNotesIndicator(['Closed', 'ResolutionProposed', 'Updated'])).toBe('Updated');
    expect(qaNotesIndicator(['Closed', 'New'])).toBe('New');
    expect(qaNotesIndicator([])).toBeNull();
  });

  it('validates only with every note closed, while the version is under validation; cancels always', () => {
    expect(qaToggleRefusal({ validated: false, openNotes: 1, versionValidating: true })).toBe('qa_open_notes');
    expect(qaToggleRefusal({ validated: false, openNotes: 0, versionValidating: true })).toBeNull();
    expect(qaToggleRefusal({ validated: false, openNotes: 0, versionValidating: false })).toBe('qa_version_not_validating');
    expect(qaToggleRefusal({ validated: true, openNotes: 3, versionValidating: false })).toBeNull();
  });

  it('names the first items and counts the rest', () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ kind: 'form' as const, title: `F${i}`, visitTitle: 'V' }));
    const text = describeUnvalidated([{ kind: 'visit', title: 'Screening' }, ...items]);
    expect(text.en).toBe(
      'visit “Screening”, form “F0” (visit “V”), form “F1” (visit “V”), form “F2” (visit “V”), form “F3” (visit “V”), and 3 more',
    );
    expect(text.ru).toContain('визит «Screening»');
    expect(text.ru).toContain('и ещё 3');
  });
});
