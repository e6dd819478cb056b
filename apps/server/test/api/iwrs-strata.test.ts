import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_MESSAGES, generateBlockList } from '@edc/domain';
import {
  itemData,
  randomisationEntries,
  subjectFormFields,
  subjectForms,
  subjectFormSections,
  subjects,
} from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { auditOf } from '../support/cast.js';
import { daysAgo, makeSubject, makeSubjectVisit } from '../support/subject-factories.js';
import { designApi } from './design-support.js';
import { setupIwrsApp } from './iwrs-support.js';

/**
 * Strata by a subject field (docs/iwrs.md, "Lists and strata"): the research stratifies by the "Sex"
 * field of its screening form; each value has its own list, drawn atomically, refused when used up or when
 * the subject has no value, and a generated list of a stratum is reproduced from its seed.
 */
const { t, w, db, api, send, generate } = setupIwrsApp();
const design = {} as { formId: string; sectionId: string; formFieldId: string; text: string };
const ARMS = [
  { group: 'A', ratio: 1 },
  { group: 'B', ratio: 1 },
];

beforeAll(async () => {
  const d = designApi(t.app, w.tokens.admin);
  const type = await d.formType();
  const sex = await d.field(type.id, { fieldType: 'Select', optionList: ['M', 'F'], title: 'Sex' });
  const form = await d.form(w.screening.id, type.id, { title: 'Demography' });
  const section = await d.section(form.id);
  const ff = await d.formField(section.id, sex.id, { text: 'Sex' });
  Object.assign(design, { formId: form.id, sectionId: section.id, formFieldId: ff.id, text: 'Sex' });
});

/** A screened subject with a screening visit whose "Sex" field holds `value` (none when null). */
async function subjectWith(value: string | null, centreId = w.site.id) {
  const s = await makeSubject(db(), { researchId: w.researchId, centreId, status: 'Screened', screenDate: daysAgo(20) });
  const sv = await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.screening.id, date: daysAgo(20) });
  const [form] = await db()
    .insert(subjectForms)
    .values({ researchId: w.researchId, subjectId: s.id, subjectVisitId: sv.id, formId: design.formId })
    .returning();
  const [section] = await db()
    .insert(subjectFormSections)
    .values({ subjectFormId: form!.id, formSectionId: design.sectionId })
    .returning();
  const [field] = await db()
    .insert(subjectFormFields)
    .values({ subjectFormId: form!.id, subjectFormSectionId: section!.id, formFieldId: design.formFieldId })
    .returning();
  if (value !== null) await db().insert(itemData).values({ subjectFormFieldId: field!.id, data: value });
  return s;
}

const randomise = (subjectId: string) =>
  send('sitePi', 'POST', `/Subjects/${subjectId}/Randomise`, { randomizationDate: daysAgo(10), version: 1 });

const strataOf = async () =>
  (await api('manager').ok('GET', '/RandomisationStrata')) as {
    field: { formFieldId: string; text: string } | null;
    strata: { stratum: string; size: number; used: number; remaining: number }[];
  };

describe('the stratification field', () => {
  it('is a form field of the research (400 naming formFieldId otherwise), chosen by unblinded sponsor staff only', async () => {
    expectError(
      await send('manager', 'PUT', '/RandomisationStrata/Field', { formFieldId: '01900000-0000-7000-8000-000000000000' }),
      400,
      'iwrs_stratum_field_unknown',
      'formFieldId',
    );
    expect((await send('sponsor', 'PUT', '/RandomisationStrata/Field', { formFieldId: design.formFieldId })).status).toBe(403);
    const options = await api('manager').ok('GET', '/RandomisationStrata/Fields?search=Sex');
    expect(options.map((o: { formFieldId: string }) => o.formFieldId)).toContain(design.formFieldId);
    const set = await api('manager').ok('PUT', '/RandomisationStrata/Field', { formFieldId: design.formFieldId });
    expect(set.field).toMatchObject({ formFieldId: design.formFieldId, text: 'Sex', formTitle: 'Demography' });
    const [record] = await auditOf(db(), w.researchId, 'randomisation_strata.set_field');
    expect(record!.after).toEqual({ formFieldId: design.formFieldId });
  });

  it('makes a list without a stratum value refused (400 naming stratum)', async () => {
    const res = await send('manager', 'POST', '/RandomisationLists/Generate', {
      arms: ARMS,
      blockSizes: [2],
      size: 2,
      numberPrefix: 'NOSTRATUM-',
    });
    expectError(res, 400, 'iwrs_stratum_needed', 'stratum');
  });
});

describe('randomisation by a subject field', () => {
  it('refuses a subject whose stratum field is empty, in ru and en, and writes nothing', async () => {
    await generate({ stratum: 'M', size: 4, blockSizes: [2] });
    const s = await subjectWith(null);
    const ru = expectError(await randomise(s.id), 409, 'iwrs_stratum_value_missing');
    expect(ru.message).toBe(ERROR_MESSAGES.iwrs_stratum_value_missing.ru.replace('{field}', 'Sex'));
    // The reply speaks the user's own language (Russian here); the English text names the field too.
    expect(ERROR_MESSAGES.iwrs_stratum_value_missing.en).toContain('“{field}”');
    const [after] = await db().select().from(subjects).where(eq(subjects.id, s.id));
    expect(after!.isRandomised).toBe(false);
    expect(after!.version).toBe(1);
  });

  it('gives concurrent randomisations in one stratum distinct entries of that stratum only', async () => {
    const male = await generate({ stratum: 'M', size: 16, blockSizes: [4], seed: 'male-seed' });
    const female = await generate({ stratum: 'F', size: 8, blockSizes: [2, 4], seed: 'female-seed' });
    const men = [];
    for (let i = 0; i < 12; i++) men.push(await subjectWith('M'));
    const women = [];
    for (let i = 0; i < 6; i++) women.push(await subjectWith('F'));
    const answers = await Promise.all([...men, ...women].map((s) => randomise(s.id)));
    expect(answers.filter((a) => a.status !== 200).map((a) => JSON.stringify(a.body))).toEqual([]);
    const entries = await db().select().from(randomisationEntries).where(eq(randomisationEntries.researchId, w.researchId));
    const used = entries.filter((e) => e.subjectId);
    expect(new Set(used.map((e) => e.id)).size).toBe(used.length);
    const stratumOf = new Map(used.map((e) => [e.subjectId!, e]));
    for (const s of men) expect(stratumOf.get(s.id)!.stratum).toBe('M');
    for (const s of women) expect(stratumOf.get(s.id)!.listId).toBe(female.id);
    // The male stratum's first list (4 entries, none drawn before) goes first, then the new one continues it.
    expect(used.filter((e) => e.stratum === 'M')).toHaveLength(12);
    expect(used.filter((e) => e.listId === male.id)).toHaveLength(8);
    const [record] = await auditOf(db(), women[0]!.id, 'subject.randomise');
    expect((record!.after as { randomisationEntry: { stratum: string } }).randomisationEntry.stratum).toBe('F');
    const summary = await strataOf();
    expect(summary.strata.find((s) => s.stratum === 'M')).toMatchObject({ size: 20, used: 12, remaining: 8 });
    expect(summary.strata.find((s) => s.stratum === 'F')).toMatchObject({ size: 8, used: 6, remaining: 2 });
  }, 120_000);

  it('refuses an exhausted stratum (uploaded with a stratum column) and leaves the subject as it was', async () => {
    const csv = ['randomizationNumber,group,stratum', 'OLD-1,A,Old', 'OLD-2,B,Old', 'YNG-1,B,Young'].join('\n');
    const uploaded = await api('manager').ok('POST', '/RandomisationLists/Upload', { csv });
    expect(uploaded.lists.map((l: { stratum: string; size: number }) => [l.stratum, l.size])).toEqual([
      ['Old', 2],
      ['Young', 1],
    ]);
    const [a, b, c] = [await subjectWith('Old'), await subjectWith('Old'), await subjectWith('Old')];
    expect((await randomise(a.id)).status).toBe(200);
    expect((await randomise(b.id)).status).toBe(200);
    const refused = expectError(await randomise(c.id), 409, 'iwrs_list_exhausted');
    expect(refused.message).toContain('«Old»');
    const [after] = await db().select().from(subjects).where(eq(subjects.id, c.id));
    expect(after!.randomizationNumber).toBeNull();
    // A value with no list at all is refused as missing.
    expectError(await randomise((await subjectWith('Unknown')).id), 409, 'iwrs_list_missing');
  });

  it('reproduces each stratum’s generated list from its seed', async () => {
    const lists = await api('manager').ok('GET', '/RandomisationLists');
    const generated = lists.filter((l: { seed: string | null }) => l.seed === 'male-seed' || l.seed === 'female-seed');
    expect(generated).toHaveLength(2);
    for (const l of generated) {
      expect((await api('manager').ok('POST', `/RandomisationLists/${l.id}/Verify`)).matches).toBe(true);
      const page = await api('manager').ok('GET', `/RandomisationLists/${l.id}/Entries?PageSize=50`);
      const [first] = page;
      const again = generateBlockList({
        arms: ARMS,
        blockSizes: l.blockSizes,
        seed: l.seed,
        size: l.size,
        numberPrefix: first.randomizationNumber.replace(/\d+$/, ''),
        startNumber: 1,
        numberWidth: 4,
      });
      expect(page.map((e: { group: string }) => e.group)).toEqual(again.map((e) => e.group));
    }
  });

  it('draws from the centre-and-value list (`01/F`) when the research has one', async () => {
    await generate({ stratum: `${w.siteNumber}/F`, size: 2, blockSizes: [2] });
    const s = await subjectWith('F');
    expect((await randomise(s.id)).status).toBe(200);
    const [entry] = await db().select().from(randomisationEntries).where(eq(randomisationEntries.subjectId, s.id));
    expect(entry!.stratum).toBe(`${w.siteNumber}/F`);
  });

  it('cannot change the stratification field once subjects are randomised', async () => {
    expectError(
      await send('manager', 'PUT', '/RandomisationStrata/Field', { formFieldId: null }),
      409,
      'iwrs_stratum_field_locked',
    );
    expect((await strataOf()).field?.formFieldId).toBe(design.formFieldId);
  });
});
