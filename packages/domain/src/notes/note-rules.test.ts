import { describe, expect, it } from 'vitest';
import {
  addNoteRefusal,
  canAnswerWithData,
  canAnswerNote,
  canCloseNote,
  canCommentNote,
  initialNoteStatus,
  NOTE_STATUSES,
  NOTE_TYPES,
  noteAgeDays,
  noteTypeOf,
  statusAfterComment,
  topNoteStatus,
  visibleNoteTypes,
  type NoteActor,
  type NoteStatus,
  type NoteType,
} from './note-rules.js';

const site: NoteActor = { organisationType: 'Site', employeeType: 'PrincipalInvestigator' };
const testSite: NoteActor = { organisationType: 'TestSite', employeeType: 'CoResearcher' };
const qa: NoteActor = { organisationType: 'Qa', employeeType: 'SpecialistQa' };
const headQa: NoteActor = { organisationType: 'Qa', employeeType: 'HeadOfQa' };
const dm: NoteActor = { organisationType: 'Qa', employeeType: 'DataManager' };
const kio: NoteActor = { organisationType: 'Kio', employeeType: 'Monitor' };
const admin: NoteActor = { organisationType: 'Admin', employeeType: 'Manager' };
const nobody: NoteActor = { organisationType: null, employeeType: null };

const open = { section: { qaValidate: false, dmValidate: false }, form: { kioValidate: false } };

describe('who raises which note', () => {
  it.each([
    [site, 'Comment'],
    [testSite, 'Comment'],
    [qa, 'QaNote'],
    [headQa, 'QaNote'],
    [dm, 'DmNote'],
    [kio, 'KioNote'],
    [admin, null],
    [nobody, null],
  ] as const)('%o raises %s', (actor, type) => {
    expect(noteTypeOf(actor)).toBe(type);
  });

  it('QA notes stop once the section is QA-validated, DM notes once DM-validated, KIO notes once the form is KIO-validated', () => {
    expect(addNoteRefusal(qa, open)).toBeNull();
    expect(addNoteRefusal(qa, { ...open, section: { qaValidate: true, dmValidate: false } })).toBe('section_qa_validated');
    expect(addNoteRefusal(qa, { ...open, section: { qaValidate: false, dmValidate: true } })).toBeNull();
    expect(addNoteRefusal(dm, { ...open, section: { qaValidate: true, dmValidate: false } })).toBeNull();
    expect(addNoteRefusal(dm, { ...open, section: { qaValidate: false, dmValidate: true } })).toBe('section_dm_validated');
    expect(addNoteRefusal(kio, { ...open, section: { qaValidate: true, dmValidate: true } })).toBeNull();
    expect(addNoteRefusal(kio, { ...open, form: { kioValidate: true } })).toBe('form_kio_validated');
    expect(addNoteRefusal(admin, open)).toBe('forbidden');
  });

  it('monitors see only KIO notes; everyone else every type', () => {
    expect(visibleNoteTypes(kio)).toEqual(['KioNote']);
    for (const a of [site, qa, dm, admin]) expect(visibleNoteTypes(a)).toEqual(NOTE_TYPES);
  });

  it('a site comment needs no answer: it starts not applicable; every query starts new', () => {
    expect(initialNoteStatus('Comment')).toBe('NotApplicable');
    for (const t of ['QaNote', 'DmNote', 'KioNote', 'Auto'] as const) expect(initialNoteStatus(t)).toBe('New');
  });
});

/** Spec section 4: QaNote: qa; DmNote: qa; Auto: site, qa, kio; KioNote: kio; Comment: none. */
const CLOSERS: Record<NoteType, NoteActor[]> = {
  QaNote: [qa, headQa, dm],
  DmNote: [qa, headQa, dm],
  Auto: [site, testSite, qa, headQa, dm, kio],
  KioNote: [kio],
  Comment: [],
};

describe('closing (note type × organisation type × status)', () => {
  const everyone = [site, testSite, qa, headQa, dm, kio, admin, nobody];
  for (const type of NOTE_TYPES) {
    for (const status of NOTE_STATUSES) {
      it(`${type} ${status}`, () => {
        for (const actor of everyone) {
          const expected = CLOSERS[type].includes(actor) && ['New', 'Updated', 'ResolutionProposed'].includes(status);
          expect(canCloseNote(actor, { type, status }), `${actor.organisationType}/${actor.employeeType}`).toBe(expected);
        }
      });
    }
  }
});

describe('answering and commenting', () => {
  const note = (type: NoteType, status: NoteStatus) => ({ type, status });

  it('only site users who may edit the form answer, while the query is New or Updated', () => {
    for (const status of NOTE_STATUSES) {
      const expected = status === 'New' || status === 'Updated';
      expect(canAnswerNote(site, note('QaNote', status), true)).toBe(expected);
      expect(canAnswerNote(testSite, note('KioNote', status), true)).toBe(expected);
      expect(canAnswerNote(site, note('QaNote', status), false)).toBe(false);
      for (const a of [qa, dm, kio, admin]) expect(canAnswerNote(a, note('QaNote', status), true)).toBe(false);
    }
    expect(canAnswerNote(site, note('Comment', 'New'), true)).toBe(false);
  });

  it("the raising side's comment on a proposed resolution sends it back to the site; other comments keep the status", () => {
    expect(statusAfterComment(qa, note('QaNote', 'ResolutionProposed'))).toBe('Updated');
    expect(statusAfterComment(dm, note('DmNote', 'ResolutionProposed'))).toBe('Updated');
    expect(statusAfterComment(kio, note('KioNote', 'ResolutionProposed'))).toBe('Updated');
    expect(statusAfterComment(site, note('QaNote', 'ResolutionProposed'))).toBe('ResolutionProposed');
    expect(statusAfterComment(site, note('Auto', 'ResolutionProposed'))).toBe('ResolutionProposed');
    expect(statusAfterComment(qa, note('QaNote', 'New'))).toBe('New');
    expect(statusAfterComment(kio, note('QaNote', 'ResolutionProposed'))).toBe('ResolutionProposed');
  });

  it('comments need a note-raising role that sees the note, on an open note', () => {
    expect(canCommentNote(site, note('QaNote', 'New'))).toBe(true);
    expect(canCommentNote(qa, note('KioNote', 'Updated'))).toBe(true);
    expect(canCommentNote(kio, note('QaNote', 'New'))).toBe(false);
    expect(canCommentNote(kio, note('KioNote', 'New'))).toBe(true);
    expect(canCommentNote(admin, note('QaNote', 'New'))).toBe(false);
    expect(canCommentNote(qa, note('QaNote', 'Closed'))).toBe(false);
  });
});

describe('answers with a value', () => {
  it('change any field but a file or a calculated one', () => {
    for (const t of ['Text', 'Number', 'Select', 'Checkbox', 'Date', 'Time', 'DateTime']) expect(canAnswerWithData(t)).toBe(true);
    expect(canAnswerWithData('File')).toBe(false);
    expect(canAnswerWithData('Calculated')).toBe(false);
  });
});

describe('indicator and age', () => {
  it('the most urgent status wins, in the spec order', () => {
    expect(topNoteStatus([])).toBeNull();
    expect(topNoteStatus(['Closed', 'ResolutionProposed', 'NotApplicable'])).toBe('ResolutionProposed');
    expect(topNoteStatus(['Closed', 'New', 'Updated'])).toBe('New');
    expect(topNoteStatus(['NotApplicable', 'Closed'])).toBe('Closed');
  });

  it('counts calendar days, across a month and a DST change alike', () => {
    expect(noteAgeDays('2026-11-25', '2026-11-25')).toBe(0);
    expect(noteAgeDays('2026-10-24', '2026-11-02')).toBe(9);
    expect(noteAgeDays('2026-03-28', '2026-03-30')).toBe(2);
    expect(noteAgeDays('2026-11-25', '2026-11-20')).toBe(0);
  });
});
