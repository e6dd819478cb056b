import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { fields, formFields, forms, rules } from '../../src/platform/db/schema/index.js';
import { expectError, freshResearch, setupDesignApp } from './design-support.js';

/**
 * A REDCap data dictionary imported as a research version (docs/data-exchange.md "REDCap"): its forms and
 * fields with their types and choices, branching logic as ToggleAction rules, calculations as calculated
 * fields with an InsertAction rule, number ranges as edit checks; what cannot be carried is listed by row.
 * The dictionary (test/fixtures/redcap) has every REDCap field type and both translatable and untranslatable logic.
 */

const { t, db, callers } = setupDesignApp();
const CSV = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/redcap/data-dictionary.csv'), 'utf8');

const importDictionary = (researchId: string, csv = CSV, who: 'admin' | 'sitePi' = 'admin') =>
  t.app.inject({
    method: 'POST',
    url: '/api/ResearchVersions/ImportRedcapDictionary',
    headers: { authorization: `Bearer ${callers[who].token}` },
    payload: { researchId, csv, projectName: 'Test project' },
  });

describe('REDCap data dictionary import', () => {
  it('creates the forms, fields, choices and rules, and lists what it cannot carry by row', async () => {
    const research = await freshResearch(db(), { grlsProtocolNumber: `RC-${Date.now()}` });
    const res = await importDictionary(research.id);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().data;
    expect(reply.counts).toMatchObject({ visits: 1, forms: 2, formFields: 11 });
    const messages = reply.unmapped.map(
      (u: { element: string; oid: string; message: string }) => `${u.element} ${u.oid}: ${u.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^строка 12 desc: для типа поля «descriptive» нет соответствия/),
        expect.stringMatching(
          /^строка 10 comment: условие показа «if\(\[age\] > 60, 1, 0\) = 1» не переводится \(функция или слово «if»\)/,
        ),
      ]),
    );

    const formRows = await db()
      .select()
      .from(forms)
      .where(and(eq(forms.researchId, research.id), isNull(forms.deletedAt)));
    const placed = await db()
      .select({ ff: formFields, def: fields })
      .from(formFields)
      .innerJoin(fields, eq(fields.id, formFields.fieldId))
      .where(
        inArray(
          formFields.formId,
          formRows.map((f) => f.id),
        ),
      );
    const byKey = new Map(placed.map((p) => [p.def.fieldKey, p]));
    expect(byKey.get('sex')?.def).toMatchObject({ fieldType: 'Select', optionList: ['Male', 'Female'] });
    expect(byKey.get('pregnant')?.def).toMatchObject({ fieldType: 'Select', optionList: ['Yes', 'No'] });
    expect(byKey.get('age')?.def.fieldType).toBe('Number');
    expect(byKey.get('visit_date')?.def.fieldType).toBe('Date');
    expect(byKey.get('bmi')?.def.fieldType).toBe('Calculated');
    expect(byKey.get('symptoms___1')?.def.fieldType).toBe('Checkbox');
    expect(byKey.get('symptoms___2')?.ff.text).toBe('Symptoms: Cough');
    expect(byKey.get('sex')?.ff.isRequired).toBe(true);

    const ruleRows = await db()
      .select()
      .from(rules)
      .where(
        inArray(
          rules.formFieldId,
          placed.map((p) => p.ff.id),
        ),
      );
    const ruleOf = (key: string, type: string) =>
      ruleRows.find((r) => r.formFieldId === byKey.get(key)!.ff.id && r.ruleType === type)?.expression;
    expect(ruleOf('pregnant', 'ToggleAction')).toBe('NOT ([sex] = "Female")');
    expect(ruleOf('bmi', 'InsertAction')).toBe('RoundAwayFromZero([weight] / ([height] / 100) ^ 2; 1)');
    expect(ruleOf('age', 'NoteAction')).toBe('[age] < 18 OR [age] > 90');
    expect(ruleOf('comment', 'ToggleAction')).toBeUndefined();
  });

  it('refuses a file that is not a data dictionary, naming the field, and writes nothing', async () => {
    const research = await freshResearch(db(), { grlsProtocolNumber: `RC-${Date.now()}` });
    const asReply = (r: Awaited<ReturnType<typeof importDictionary>>) => ({ status: r.statusCode, body: r.json() });
    expectError(asReply(await importDictionary(research.id, 'a,b\n1,2\n')), 400, 'redcap_invalid', 'csv');
    expectError(asReply(await importDictionary(research.id, '"unclosed\n')), 400, 'redcap_invalid', 'csv');
    const left = await db().select().from(forms).where(eq(forms.researchId, research.id));
    expect(left).toHaveLength(0);
  });

  it('is refused to those who do not edit the design', async () => {
    const research = await freshResearch(db(), { grlsProtocolNumber: `RC-${Date.now()}` });
    expect((await importDictionary(research.id, CSV, 'sitePi')).statusCode).toBe(403);
  });
});
