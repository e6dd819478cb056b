import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rules } from '@edc/domain';
import { auditLog, users } from '../../src/platform/db/schema/index.js';
import { matrix } from '../support/cast.js';
import { call, expectError } from '../support/test-app.js';
import { setupRulesApp } from './rules-support.js';

/**
 * The rules API (docs/rules.md "API"; spec design-and-admin sections 2–8): the rules page's permission
 * matrix, create with its checks (a bad expression is a 400 naming the position), test, validate (only QA),
 * edit (only admin, cancelling the validation), delete, the filters of the page, and the audit of each write.
 */

const s = setupRulesApp();
const BMI = 'RoundAwayFromZero(Bmi([WEIGHT]; [HEIGHT]); 1)';

let bmiRule: any;
let noteRule: any;
let site2Rule: any;

beforeAll(async () => {
  bmiRule = await s.rule({ ruleTypeString: 'InsertAction', expression: BMI, formFieldId: s.d.ff.bmi!.id, message: null });
  noteRule = await s.rule({
    ruleTypeString: 'NoteAction',
    expression: '[SBP] < 90 OR [SBP] > 160',
    formFieldId: s.d.ff.sbp!.id,
    message: 'САД вне диапазона 90–160',
  });
  site2Rule = await s.rule({
    ruleTypeString: 'NoteAction',
    expression: '[WEIGHT] > 150',
    formFieldId: s.d.ff.weight!.id,
    message: 'Проверьте массу тела',
    researchOrganisationId: s.w.site2Centre.id,
  });
});

const researchQuery = () => `researchId=${s.w.researchId}`;

/** Runs `work` while the caller reads English (a user's own language wins over Accept-Language). */
async function inEnglish<T>(who: 'admin' | 'qa', work: () => Promise<T>): Promise<T> {
  const db = s.t.database.db;
  await db.update(users).set({ language: 'en' }).where(eq(users.id, s.w.callers[who].userId));
  try {
    return await work();
  } finally {
    await db.update(users).set({ language: 'ru' }).where(eq(users.id, s.w.callers[who].userId));
  }
}

describe('reading rules (the rules page: qa, admin, site, testSite)', () => {
  it.each(matrix({ admin: 200, manager: 200, sitePi: 200, testSitePi: 200, qa: 200 }, 403))(
    'GET /Rules as %s (%s) → %i',
    async (_label, who, status) => {
      const res = await s.api(s.as(who)).send('GET', `/Rules?${researchQuery()}`);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (status === 403) expect(res.body.errors[0].code).toBe('rules_view_forbidden');
    },
  );

  it.each(matrix({ admin: 200, manager: 200, sitePi: 200, testSitePi: 200, qa: 200 }, 403))(
    'GET /Rules/{id} as %s (%s) → %i',
    async (_label, who, status) => {
      const res = await s.api(s.as(who)).send('GET', `/Rules/${bmiRule.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    },
  );

  it('the 403 says the page is not for the caller, in its words', async () => {
    const res = await s.api(s.as('kio')).send('GET', '/Rules');
    expectError(res, 403, 'rules_view_forbidden');
    expect(res.body.errors[0].message).toBe('У Вас нет прав для просмотра этой страницы');
  });

  it("the list is the caller's current research by default; without one it is 400 naming researchId", async () => {
    const page = await s.api(s.as('qa')).ok('GET', '/Rules');
    expect(page.map((r: any) => r.id)).toEqual(expect.arrayContaining([bmiRule.id, noteRule.id, site2Rule.id]));
    expectError(await s.api(s.as('admin')).send('GET', '/Rules'), 400, 'research_required', 'researchId');
  });

  it('a site reads the whole research’s rules and its own centre’s: another centre’s rule is 404 to it', async () => {
    const list = await s.api(s.as('sitePi')).send('GET', '/Rules');
    expect(list.body.data.map((r: any) => r.id)).not.toContain(site2Rule.id);
    expect(list.body.data.map((r: any) => r.id)).toContain(bmiRule.id);
    expectError(await s.api(s.as('sitePi')).send('GET', `/Rules/${site2Rule.id}`), 404, 'not_found', 'id');
    const own = await s.api(s.w.site2.token).ok('GET', `/Rules/${site2Rule.id}`);
    expect(own.researchOrganisationNumber).toBe(s.w.site2Centre.number);
    const byResearch = await s.api(s.as('sitePi')).ok('GET', `/Rules/ByResearchId?${researchQuery()}`);
    expect(byResearch.map((r: any) => r.id)).toEqual(expect.arrayContaining([bmiRule.id, noteRule.id]));
    expect(byResearch.map((r: any) => r.id)).not.toContain(site2Rule.id);
  });

  it('a reply carries the codes, the related fields, the chain visit / form / section / field', async () => {
    const r = await s.api(s.as('qa')).ok('GET', `/Rules/${bmiRule.id}`);
    expect(r).toMatchObject({
      researchId: s.w.researchId,
      ruleTypeString: 'InsertAction',
      expression: BMI,
      message: null,
      researchOrganisationId: null,
      researchOrganisationNumber: null,
      formFieldId: s.d.ff.bmi!.id,
      relatedFormFieldCodes: ['WEIGHT', 'HEIGHT'],
      isValidate: false,
      isTested: false,
      result: null,
      formFieldChain: {
        visit: { id: s.w.schedule.screening.id, title: 'Screening' },
        form: { id: s.d.form.id, title: s.d.form.title },
        formSection: { id: s.d.section.id, sectionName: 'Main' },
        formField: { id: s.d.ff.bmi!.id, text: 'Q bmi' },
      },
    });
    expect(r.relatedFormFieldList).toEqual([
      { code: 'WEIGHT', formFieldId: s.d.ff.weight!.id, text: 'Q weight', fieldType: 'Number', optionList: [] },
      { code: 'HEIGHT', formFieldId: s.d.ff.height!.id, text: 'Q height', fieldType: 'Number', optionList: [] },
    ]);
  });

  it('the page: 10 per page by default, filters by the chain, the type, validation and text', async () => {
    const qa = s.api(s.as('qa'));
    const all = await call(s.t.app, 'GET', `/Rules?pageSize=2`, { token: s.as('qa') });
    expect(all.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(all.body.data).toHaveLength(2);
    expect(all.body.totalCount).toBeGreaterThanOrEqual(3);
    const ids = async (q: string) => (await qa.ok('GET', `/Rules?${q}`)).map((r: any) => r.id);
    expect(await ids(`formFieldId=${s.d.ff.sbp!.id}`)).toEqual([noteRule.id]);
    expect(await ids('ruleTypeString=InsertAction')).toContain(bmiRule.id);
    expect(await ids('ruleTypeString=InsertAction')).not.toContain(noteRule.id);
    expect(await ids(`formId=${s.d.form.id}&search=${encodeURIComponent('вне диапазона')}`)).toEqual([noteRule.id]);
    expect(await ids(`visitId=${s.w.schedule.screening.id}&formSectionId=${s.d.section.id}`)).toEqual(
      expect.arrayContaining([bmiRule.id, noteRule.id, site2Rule.id]),
    );
    expect(await ids(`visitId=${s.w.schedule.period.id}`)).toEqual([]);
    expect(await ids('isValidate=true')).not.toContain(bmiRule.id);
  });
});

describe('creating and editing (only admin)', () => {
  it.each(matrix({ admin: 200, manager: 200 }, 403))('POST /Rules as %s (%s) → %i', async (_label, who, status) => {
    const res = await s.api(s.as(who)).send('POST', '/Rules', {
      ruleTypeString: 'ToggleAction',
      expression: '[SMOKER] = true',
      formFieldId: s.d.ff.plain!.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it('a bad expression is a 400 naming `expression` and the position, in the caller’s language', async () => {
    const body = { ruleTypeString: 'NoteAction', message: 'm', formFieldId: s.d.ff.sbp!.id, expression: '[SBP] > ' };
    const ru = await call(s.t.app, 'POST', '/Rules', { token: s.as('admin'), body });
    const e = expectError(ru, 400, 'rule_expression_invalid', 'expression');
    // The expression arrives trimmed: '[SBP] >' ends at column 8.
    const parsed = rules.parseRule('[SBP] >');
    if (parsed.ok) throw new Error('parses');
    expect(e.message).toBe(`Ошибка в выражении: ${rules.ruleErrorMessage(parsed.error, 'ru')}`);
    expect(e.message).toContain('Позиция 8: ожидалось значение');
    const en = await inEnglish('admin', () => call(s.t.app, 'POST', '/Rules', { token: s.as('admin'), body }));
    expect(expectError(en, 400, 'rule_expression_invalid', 'expression').message).toContain('Position 8: expected a value');
    const unknown = await call(s.t.app, 'POST', '/Rules', {
      token: s.as('admin'),
      body: { ...body, expression: '[SBP] > 1 AND [NOPE] = 2' },
    });
    expect(expectError(unknown, 400, 'rule_expression_invalid', 'expression').message).toContain(
      'Позиция 15: неизвестный код поля [NOPE]',
    );
    const option = await call(s.t.app, 'POST', '/Rules', {
      token: s.as('admin'),
      body: { ...body, expression: '[SEX] = "Male"' },
    });
    expect(expectError(option, 400, 'rule_expression_invalid').message).toContain('Позиция 9: у поля [SEX] нет варианта «Male»');
  });

  it('checks the result type: a condition for Note/Toggle/Email, the target field’s type for an InsertAction', async () => {
    const admin = s.admin();
    const cond = await admin.send('POST', '/Rules', {
      ruleTypeString: 'ToggleAction',
      formFieldId: s.d.ff.plain!.id,
      expression: '[WEIGHT] + 1',
    });
    expect(expectError(cond, 400, 'rule_expression_invalid', 'expression').message).toContain('логическое значение');
    const insert = await admin.send('POST', '/Rules', {
      ruleTypeString: 'InsertAction',
      formFieldId: s.d.ff.bmi!.id,
      expression: '[WEIGHT] > 1',
    });
    expectError(insert, 400, 'rule_expression_invalid', 'expression');
    const date = await admin.ok('POST', '/Rules', {
      ruleTypeString: 'InsertAction',
      formFieldId: s.d.ff.visitDate!.id,
      expression: '[VISDAT]',
    });
    expect(date.relatedFormFieldCodes).toEqual(['VISDAT']);
    expectError(
      await admin.send('POST', '/Rules', { ruleTypeString: 'InsertAction', formFieldId: s.d.ff.file!.id, expression: '"a"' }),
      400,
      'rule_target_file',
      'formFieldId',
    );
  });

  it('codes: the annotation key, else the definition’s key; a shared code is ambiguous (400 naming it)', async () => {
    const admin = s.admin();
    const plainKey = s.d.fieldKeys.plain!;
    const byKey = await admin.ok('POST', '/Rules', {
      ruleTypeString: 'ToggleAction',
      formFieldId: s.d.ff.smoker!.id,
      expression: `[${plainKey}] = "x" OR [${plainKey}] = "y"`,
    });
    expect(byKey.relatedFormFieldCodes).toEqual([plainKey]);
    expect(byKey.relatedFormFieldList[0]).toMatchObject({ code: plainKey, formFieldId: s.d.ff.plain!.id, fieldType: 'Text' });
    // A field with an annotation key is not named by its definition's key.
    const byHiddenKey = await admin.send('POST', '/Rules', {
      ruleTypeString: 'ToggleAction',
      formFieldId: s.d.ff.smoker!.id,
      expression: `[${s.d.fieldKeys.weight}] > 1`,
    });
    expectError(byHiddenKey, 400, 'rule_expression_invalid', 'expression');
    const dup = await admin.send('POST', '/Rules', {
      ruleTypeString: 'ToggleAction',
      formFieldId: s.d.ff.smoker!.id,
      expression: '[DUP] > 1',
    });
    expect(expectError(dup, 400, 'rule_code_ambiguous', 'expression').message).toContain('[DUP]');
  });

  it('a note or an e-mail needs its message; codes sent must be the expression’s; the centre must be the research’s', async () => {
    const admin = s.admin();
    const base = { formFieldId: s.d.ff.sbp!.id, expression: '[SBP] > 200' };
    expectError(
      await admin.send('POST', '/Rules', { ...base, ruleTypeString: 'NoteAction' }),
      400,
      'rule_message_required',
      'message',
    );
    expectError(
      await admin.send('POST', '/Rules', { ...base, ruleTypeString: 'EmailAction', message: '   ' }),
      400,
      'rule_message_required',
      'message',
    );
    expectError(
      await admin.send('POST', '/Rules', { ...base, ruleTypeString: 'ToggleAction', relatedFormFieldCodes: ['SBP', 'X'] }),
      400,
      'rule_related_codes_mismatch',
      'relatedFormFieldCodes',
    );
    const ok = await admin.ok('POST', '/Rules', { ...base, ruleTypeString: 'ToggleAction', relatedFormFieldCodes: ['SBP'] });
    expect(ok.relatedFormFieldCodes).toEqual(['SBP']);
    expectError(
      await admin.send('POST', '/Rules', {
        ...base,
        ruleTypeString: 'ToggleAction',
        researchOrganisationId: '01900000-0000-7000-8000-000000000000',
      }),
      400,
      'unknown_reference',
      'researchOrganisationId',
    );
    expectError(
      await admin.send('POST', '/Rules', {
        ...base,
        ruleTypeString: 'ToggleAction',
        formFieldId: '01900000-0000-7000-8000-000000000000',
      }),
      404,
      'not_found',
      'formFieldId',
    );
    expectError(await admin.send('POST', '/Rules', { ...base, ruleTypeString: 'Nope' }), 400, 'validation');
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('PUT /Rules/{id}/ as %s (%s) → %i', async (_label, who, status) => {
    const mine = await s.rule({ ruleTypeString: 'ToggleAction', expression: '[SMOKER]', formFieldId: s.d.ff.plain!.id });
    const res = await s.api(s.as(who)).send('PUT', `/Rules/${mine.id}/`, {
      ruleTypeString: 'ToggleAction',
      expression: 'NOT [SMOKER]',
      formFieldId: s.d.ff.plain!.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });
});

describe('test, validate (only QA), edit, delete', () => {
  it('tests with values as typed; stores the outcome; a missing value is ok:false with the reason', async () => {
    const rule = await s.rule({ ruleTypeString: 'InsertAction', expression: BMI, formFieldId: s.d.ff.bmi!.id });
    const missing = await s.admin().ok('PUT', `/Rules/${rule.id}/Test`, { ruleDataList: [{ key: 'WEIGHT', data: '70,5' }] });
    expect(missing).toMatchObject({ ok: false, value: null, fires: false });
    expect(missing.reason).toBe('Правило не вычисляется: нет значения поля [HEIGHT]');
    expect(missing.rule).toMatchObject({ isTested: true, result: missing.reason });
    const done = await inEnglish('qa', () =>
      call(s.t.app, 'PUT', `/Rules/${rule.id}/Test`, {
        token: s.as('qa'),
        body: {
          ruleDataList: [
            { key: 'WEIGHT', data: '70,5' },
            { key: 'HEIGHT', data: '175' },
          ],
        },
      }),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ ok: true, value: '23', fires: true, reason: null });
    expect(done.body.data.rule.result).toBe('Value: 23; the value will be proposed');
    // Another reader reads the stored outcome in its own language.
    expect((await s.admin().ok('GET', `/Rules/${rule.id}`)).result).toBe('Значение: 23; значение будет предложено');
  });

  it('reads dates as DD/MM/YYYY and checkboxes as yes/no; a value that does not fit or a foreign code is 400 naming it', async () => {
    const good = await s.rule({
      ruleTypeString: 'NoteAction',
      message: 'Курящий и визит давно',
      expression: '[SMOKER] AND DaysBetween([VISDAT]; [VISDAT]) = 0',
      formFieldId: s.d.ff.smoker!.id,
    });
    const test = (ruleDataList: unknown) => s.admin().send('PUT', `/Rules/${good.id}/Test`, { ruleDataList });
    const fired = await test([
      { key: 'SMOKER', data: 'да' },
      { key: 'VISDAT', data: '05/03/2024' },
    ]);
    expect(fired.body.data).toMatchObject({ ok: true, value: 'true', fires: true });
    expect(fired.body.data.rule.result).toBe('Условие выполняется (true): будет создано замечание');
    const not = await test([
      { key: 'SMOKER', data: 'нет' },
      { key: 'VISDAT', data: '05/03/2024' },
    ]);
    expect(not.body.data).toMatchObject({ ok: true, value: 'false', fires: false });
    expect(
      expectError(await test([{ key: 'VISDAT', data: '2024/31/12' }]), 400, 'rule_test_value_invalid', 'ruleDataList.0.data')
        .message,
    ).toBe('Поле [VISDAT]: Введите дату в формате ДД/ММ/ГГГГ');
    expectError(
      await test([
        { key: 'SMOKER', data: 'да' },
        { key: 'SBP', data: '1' },
      ]),
      400,
      'rule_test_key_unknown',
      'ruleDataList.1.key',
    );
  });

  it.each(matrix({ admin: 200, manager: 200, qa: 200 }, 403))(
    'PUT /Rules/{id}/Test as %s (%s) → %i',
    async (_label, who, status) => {
      const res = await s
        .api(s.as(who))
        .send('PUT', `/Rules/${noteRule.id}/Test`, { ruleDataList: [{ key: 'SBP', data: '200' }] });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    },
  );

  it('validation: only QA, only after a test; an edit cancels it; cancelling is always possible', async () => {
    const rule = await s.rule({
      ruleTypeString: 'NoteAction',
      message: 'САД > 180',
      expression: '[SBP] > 180',
      formFieldId: s.d.ff.sbp!.id,
    });
    const qa = s.api(s.as('qa'));
    expectError(await qa.send('PUT', `/Rules/${rule.id}/ToggleValidate`), 409, 'rule_not_tested');
    for (const who of ['admin', 'manager', 'sitePi', 'testSitePi', 'editor', 'kio', 'outsider'] as const) {
      const res = await s.api(s.as(who)).send('PUT', `/Rules/${rule.id}/ToggleValidate`);
      expect(res.status, who).toBe(403);
    }
    await qa.ok('PUT', `/Rules/${rule.id}/Test`, { ruleDataList: [{ key: 'SBP', data: '190' }] });
    const validated = await qa.ok('PUT', `/Rules/${rule.id}/ToggleValidate`);
    expect(validated).toMatchObject({ isValidate: true, isTested: true });
    // Saving the same rule again changes nothing.
    const same = await s.admin().ok('PUT', `/Rules/${rule.id}/`, {
      ruleTypeString: 'NoteAction',
      message: 'САД > 180',
      expression: '[SBP] > 180',
      formFieldId: s.d.ff.sbp!.id,
    });
    expect(same).toMatchObject({ isValidate: true, isTested: true });
    expectError(
      await qa.send('PUT', `/Rules/${rule.id}/`, {
        ruleTypeString: 'NoteAction',
        message: 'x',
        expression: '[SBP] > 1',
        formFieldId: s.d.ff.sbp!.id,
      }),
      403,
      'forbidden',
    );
    const edited = await s.admin().ok('PUT', `/Rules/${rule.id}`, {
      ruleTypeString: 'NoteAction',
      message: 'САД > 190',
      expression: '[SBP] > 190',
      formFieldId: s.d.ff.sbp!.id,
    });
    expect(edited).toMatchObject({ isValidate: false, isTested: false, result: null, message: 'САД > 190' });
    expectError(await qa.send('PUT', `/Rules/${rule.id}/ToggleValidate`), 409, 'rule_not_tested');
    await qa.ok('PUT', `/Rules/${rule.id}/Test`, { ruleDataList: [{ key: 'SBP', data: '200' }] });
    expect((await qa.ok('PUT', `/Rules/${rule.id}/ToggleValidate`)).isValidate).toBe(true);
    expect((await qa.ok('PUT', `/Rules/${rule.id}/ToggleValidate`)).isValidate).toBe(false);
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('DELETE /Rules/{id} as %s (%s) → %i', async (_label, who, status) => {
    const rule = await s.rule({ ruleTypeString: 'ToggleAction', expression: '[SMOKER]', formFieldId: s.d.ff.plain!.id });
    const res = await s.api(s.as(who)).send('DELETE', `/Rules/${rule.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 200) {
      expectError(await s.api(s.as('qa')).send('GET', `/Rules/${rule.id}`), 404, 'not_found', 'id');
      expect((await s.api(s.as('qa')).ok('GET', '/Rules?pageSize=100')).map((r: any) => r.id)).not.toContain(rule.id);
      expectError(await s.admin().send('DELETE', `/Rules/${rule.id}`), 404, 'not_found', 'id');
    }
  });

  it('audits every write (entity rule) with who did it', async () => {
    const rule = await s.rule({ ruleTypeString: 'ToggleAction', expression: '[SMOKER]', formFieldId: s.d.ff.plain!.id });
    await s.admin().ok('PUT', `/Rules/${rule.id}/Test`, { ruleDataList: [{ key: 'SMOKER', data: 'true' }] });
    await s.api(s.as('qa')).ok('PUT', `/Rules/${rule.id}/ToggleValidate`);
    await s.admin().ok('PUT', `/Rules/${rule.id}/`, {
      ruleTypeString: 'ToggleAction',
      expression: 'NOT [SMOKER]',
      formFieldId: s.d.ff.plain!.id,
    });
    await s.admin().ok('DELETE', `/Rules/${rule.id}`);
    const rows = await s.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'rule'), eq(auditLog.entityId, rule.id)))
      .orderBy(auditLog.seq);
    expect(rows.map((r) => r.action)).toEqual(['rule.create', 'rule.test', 'rule.validate', 'rule.update', 'rule.delete']);
    expect(rows.map((r) => r.userId)).toEqual([
      s.w.callers.admin.userId,
      s.w.callers.admin.userId,
      s.w.callers.qa.userId,
      s.w.callers.admin.userId,
      s.w.callers.admin.userId,
    ]);
    expect(rows.every((r) => r.researchId === s.w.researchId)).toBe(true);
    expect(rows[3]!.before).toMatchObject({ expression: '[SMOKER]', isValidate: true });
    expect(rows[3]!.after).toMatchObject({ expression: 'NOT [SMOKER]', isValidate: false, isTested: false });
  });
});
