import { describe, expect, it } from 'vitest';
import { generatesDocuments, makesTemplates } from './visit-documents.js';

describe('who has documents generated', () => {
  it('is a documents administrator, or the staff of admin, qa, site and test-site centres', () => {
    for (const t of ['Admin', 'Qa', 'Site', 'TestSite']) {
      expect(generatesDocuments({ documentsAdmin: false, organisationType: t })).toBe(true);
    }
    for (const t of ['Kio', 'Sponsor', '', null, undefined]) {
      expect(generatesDocuments({ documentsAdmin: false, organisationType: t })).toBe(false);
      expect(generatesDocuments({ documentsAdmin: true, organisationType: t })).toBe(true);
    }
  });

  it('makes templates: administrators, admin and qa centres only', () => {
    expect(makesTemplates({ documentsAdmin: false, organisationType: 'Qa' })).toBe(true);
    expect(makesTemplates({ documentsAdmin: false, organisationType: 'Admin' })).toBe(true);
    expect(makesTemplates({ documentsAdmin: false, organisationType: 'Site' })).toBe(false);
    expect(makesTemplates({ documentsAdmin: true, organisationType: 'Site' })).toBe(true);
  });
});
