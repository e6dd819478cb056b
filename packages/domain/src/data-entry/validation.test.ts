import { describe, expect, it } from 'vitest';
import {
  formCompletedStatus,
  formValidationRefusal,
  sectionValidationRefusal,
  validationLogStatus,
  validationSideOf,
  visitCompletedStatus,
  type ValidatedForm,
} from './validation.js';

const form = (p: Partial<ValidatedForm> = {}): ValidatedForm => ({
  isComplete: true,
  qaValidate: false,
  dmValidate: false,
  kioValidate: false,
  ...p,
});
const section = (p: Partial<{ isComplete: boolean; qaValidate: boolean; dmValidate: boolean }> = {}) => ({
  isComplete: true,
  qaValidate: false,
  dmValidate: false,
  ...p,
});

describe('validation sides', () => {
  it('QA staff validate for QA, data managers for DM, monitors for KIO, nobody else', () => {
    expect(validationSideOf({ organisationType: 'Qa', employeeType: 'SpecialistQa' })).toBe('qa');
    expect(validationSideOf({ organisationType: 'Qa', employeeType: 'HeadOfQa' })).toBe('qa');
    expect(validationSideOf({ organisationType: 'Qa', employeeType: 'DataManager' })).toBe('dm');
    expect(validationSideOf({ organisationType: 'Kio', employeeType: 'Monitor' })).toBe('kio');
    expect(validationSideOf({ organisationType: 'Site', employeeType: 'PrincipalInvestigator' })).toBeNull();
    expect(validationSideOf({ organisationType: 'Admin', employeeType: 'Manager' })).toBeNull();
  });
});

describe('sections', () => {
  it('QA and DM validate a confirmed section once, without open notes', () => {
    expect(sectionValidationRefusal('qa', section(), form(), true)).toBeNull();
    expect(sectionValidationRefusal('dm', section({ qaValidate: true }), form(), true)).toBeNull();
    expect(sectionValidationRefusal('qa', section({ isComplete: false }), form(), true)).toBe('section_not_complete');
    expect(sectionValidationRefusal('qa', section({ qaValidate: true }), form(), true)).toBe('already_validated');
    expect(sectionValidationRefusal('dm', section(), form(), true, 2)).toBe('open_notes');
    expect(sectionValidationRefusal('kio', section(), form(), true)).toBe('forbidden');
    expect(sectionValidationRefusal(null, section(), form(), true)).toBe('forbidden');
  });

  it('a revert needs a validation and a form not yet KIO-validated', () => {
    expect(sectionValidationRefusal('qa', section({ qaValidate: true }), form(), false)).toBeNull();
    expect(sectionValidationRefusal('qa', section(), form(), false)).toBe('not_validated');
    expect(sectionValidationRefusal('dm', section({ dmValidate: true }), form({ kioValidate: true }), false)).toBe(
      'form_kio_validated',
    );
  });
});

describe('forms', () => {
  it('KIO validates only after both QA and DM', () => {
    expect(formValidationRefusal('kio', form(), true)).toBe('kio_needs_qa_dm');
    expect(formValidationRefusal('kio', form({ qaValidate: true }), true)).toBe('kio_needs_qa_dm');
    expect(formValidationRefusal('kio', form({ qaValidate: true, dmValidate: true }), true)).toBeNull();
  });

  it('QA and DM need a complete form and validate in either order', () => {
    expect(formValidationRefusal('qa', form({ isComplete: false }), true)).toBe('subject_form_not_complete');
    expect(formValidationRefusal('dm', form({ qaValidate: true }), true)).toBeNull();
    expect(formValidationRefusal('qa', form({ dmValidate: true }), true)).toBeNull();
    expect(formValidationRefusal('qa', form({ qaValidate: true }), true)).toBe('already_validated');
    expect(formValidationRefusal('qa', form(), true, 1)).toBe('open_notes');
  });

  it('QA and DM cannot revert after KIO; KIO can', () => {
    const kioDone = form({ qaValidate: true, dmValidate: true, kioValidate: true });
    expect(formValidationRefusal('qa', kioDone, false)).toBe('form_kio_validated');
    expect(formValidationRefusal('dm', kioDone, false)).toBe('form_kio_validated');
    expect(formValidationRefusal('kio', kioDone, false)).toBeNull();
    expect(formValidationRefusal('kio', form({ qaValidate: true, dmValidate: true }), false)).toBe('not_validated');
  });

  it('logs the status the spec names', () => {
    expect(validationLogStatus('qa', true, { qaValidate: true, dmValidate: false })).toBe('QaValidated');
    expect(validationLogStatus('dm', true, { qaValidate: false, dmValidate: true })).toBe('DmValidated');
    expect(validationLogStatus('dm', true, { qaValidate: true, dmValidate: true })).toBe('QaAndDmValidated');
    expect(validationLogStatus('kio', true, { qaValidate: true, dmValidate: true })).toBe('KioValidated');
    expect(validationLogStatus('qa', false, { qaValidate: false, dmValidate: true })).toBe('RevertQaValidate');
    expect(validationLogStatus('kio', false, { qaValidate: true, dmValidate: true })).toBe('RevertKioValidate');
  });
});

describe('completed statuses', () => {
  it('a form moves through Started, Completed, QA or DM, both, KIO', () => {
    expect(formCompletedStatus(form({ isComplete: false }))).toBe('Started');
    expect(formCompletedStatus(form())).toBe('Completed');
    expect(formCompletedStatus(form({ qaValidate: true }))).toBe('QaValidated');
    expect(formCompletedStatus(form({ dmValidate: true }))).toBe('DmValidated');
    expect(formCompletedStatus(form({ qaValidate: true, dmValidate: true }))).toBe('QaAndDmValidated');
    expect(formCompletedStatus(form({ qaValidate: true, dmValidate: true, kioValidate: true }))).toBe('KioValidated');
  });

  it('a visit is as far as its least advanced form', () => {
    expect(visitCompletedStatus([])).toBe('Empty');
    expect(visitCompletedStatus([form(), form({ isComplete: false })])).toBe('Started');
    expect(visitCompletedStatus([form(), form({ qaValidate: true })])).toBe('Completed');
    expect(visitCompletedStatus([form({ qaValidate: true }), form({ qaValidate: true, dmValidate: true })])).toBe('QaValidated');
    expect(visitCompletedStatus([form({ qaValidate: true }), form({ dmValidate: true })])).toBe('Completed');
    const both = form({ qaValidate: true, dmValidate: true });
    expect(visitCompletedStatus([both, form({ ...both, kioValidate: true })])).toBe('QaAndDmValidated');
    expect(visitCompletedStatus([form({ ...both, kioValidate: true })])).toBe('KioValidated');
  });
});
