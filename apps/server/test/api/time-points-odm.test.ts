import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { auditLog, timePoints, visits } from '../../src/platform/db/schema/index.js';
import { xmllint } from './odm-support.js';
import { freshResearch, setupDesignApp } from './design-support.js';

/**
 * Time points in ODM (docs/time-points.md "ODM"): exported as `EDC:` aliases of their field's ItemDef (the file
 * still validates against the ODM 1.3.2 schema), imported back onto the imported fields with their deviations;
 * a broken alias is skipped and reported, the rest is imported.
 */

const { t, callers, admin, db } = setupDesignApp();

/**
 * A version with a PK visit: a form with a dose (DateTime, the start point), PK1 (DateTime, 30 ± 5 minutes
 * after the dose), PK2 (Time, 36 hours +1 h / −30 min after the dose and 1 hour ± 10 minutes after PK1), a
 * free Time field and a text field; and a follow-up visit with its own start point.
 */
async function designWithPoints() {
  const research = await freshResearch(db(), { grlsProtocolNumber: `TODM-${Date.now()}` });
  const version = await admin.version(research.id);
  const pkVisit = await admin.visit(research.id, { title: 'ФК', visitKey: 'PK' });
  const fuVisit = await admin.visit(research.id, { title: 'Наблюдение', visitKey: 'FU' });
  const type = await admin.formType({ title: 'ФК', formTypeKey: `PK${Date.now()}` });
  const def = (fieldKey: string, fieldType: string) => admin.field(type.id, { title: fieldKey, fieldKey, fieldType });
  const [dateTime, time, text] = [await def('DT', 'DateTime'), await def('TM', 'Time'), await def('NOTE', 'Text')];
  const form = await admin.form(pkVisit.id, type.id, { title: 'Фармакокинетика', formKey: 'PK' });
  const section = await admin.section(form.id, { sectionName: 'Время' });
  const dose = await admin.formField(section.id, dateTime.id, { text: 'Приём', annotationKey: 'DOSE' });
  const pk1 = await admin.formField(section.id, dateTime.id, { text: 'Забор 1', annotationKey: 'PK1' });
  const pk2 = await admin.formField(section.id, time.id, { text: 'Забор 2', annotationKey: 'PK2' });
  await admin.formField(section.id, time.id, { text: 'Свободное время' });
  await admin.formField(section.id, text.id, { text: 'Примечание' });
  const fuForm = await admin.form(fuVisit.id, type.id, { title: 'Наблюдение', formKey: 'FU' });
  const fuCall = await admin.formField((await admin.section(fuForm.id)).id, dateTime.id, { text: 'Звонок' });
  const point = (formFieldId: string, duration: string, over: Record<string, unknown> = {}) =>
    admin.ok('POST', '/TimePoints', { formFieldId, duration, description: null, ...over });
  const deviation = (timePointId: string, startTimePointId: string, dev: string, plus: string, minus: string) =>
    admin.ok('POST', '/TimeDeviations', {
      timePointId,
      startTimePointId,
      deviation: dev,
      deviationPlus: plus,
      deviationMinus: minus,
    });
  const tDose = await point(dose.id, '00:05:00', { isVisitStartPoint: true, description: 'Приём препарата & вода' });
  const tPk1 = await point(pk1.id, '00:02:00', { description: 'Забор крови 1' });
  const tPk2 = await point(pk2.id, '00:03:00');
  await deviation(tPk1.id, tDose.id, '00:30:00', '00:05:00', '00:05:00');
  await deviation(tPk2.id, tDose.id, '36:00:00', '01:00:00', '00:30:00');
  await deviation(tPk2.id, tPk1.id, '01:00:00', '00:10:00', '00:10:00');
  await point(fuCall.id, '00:10:00', { isVisitStartPoint: true });
  // A deleted point and a deleted deviation stay out.
  const gone = await point((await admin.formField(section.id, time.id, { text: 'Удалённое' })).id, '00:01:00');
  await admin.ok('DELETE', `/TimePoints/${gone.id}`);
  const goneDeviation = await deviation(tPk1.id, tPk2.id, '00:01:00', '00:01:00', '00:01:00');
  await admin.ok('DELETE', `/TimeDeviations/${goneDeviation.id}`);
  return { research, version, pkVisit, fuVisit };
}

async function exportXml(versionId: string, who: 'admin' | 'editor' = 'admin'): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ResearchVersions/${versionId}/Odm`,
    headers: { authorization: `Bearer ${callers[who].token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The ItemDef element of an item OID, as text. */
const itemDef = (xml: string, oid: string) => {
  const from = xml.indexOf(`<ItemDef OID="${oid}"`);
  expect(from).toBeGreaterThan(-1);
  return xml.slice(from, xml.indexOf('</ItemDef>', from));
};

/** A visit's points as [field text, duration, description, start, deviations as [start field text, deviation, +, −]]. */
async function pointsOf(visitId: string) {
  const list = await admin.ok('GET', `/TimePoints?visitId=${visitId}`);
  return list.map((p: any) => [
    p.formFieldChain.formField.text,
    p.duration,
    p.description,
    p.isVisitStartPoint,
    p.timeDeviationList.map((d: any) => [d.startTimePoint.formFieldText, d.deviation, d.deviationPlus, d.deviationMinus]),
  ]);
}

/** The live visits of a research in their order. */
const visitsOf = (researchId: string) =>
  db()
    .select({ id: visits.id, visitKey: visits.visitKey })
    .from(visits)
    .where(and(eq(visits.researchId, researchId), isNull(visits.deletedAt)))
    .orderBy(asc(visits.index));

async function importInto(xml: string) {
  const target = await freshResearch(db());
  const data = await admin.ok('POST', '/ResearchVersions/ImportOdm', { researchId: target.id, xml });
  const [report] = await db()
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, data.researchVersion.id), eq(auditLog.action, 'research_version.import_odm_report')));
  return {
    target,
    data,
    counts: (report!.after as { counts: Record<string, number> }).counts,
    visits: await visitsOf(target.id),
  };
}

describe('time points in ODM', () => {
  it('exports points and deviations as aliases of their ItemDefs, valid against the ODM 1.3.2 schema', async () => {
    const { version } = await designWithPoints();
    const xml = await exportXml(version.id);
    const lint = await xmllint(xml);
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
    expect(itemDef(xml, 'IT.PK.DT')).toContain(
      [
        '<Alias Context="EDC:timePointDuration" Name="00:05:00"/>',
        '<Alias Context="EDC:timePointDescription" Name="Приём препарата &amp; вода"/>',
        '<Alias Context="EDC:timePointStart" Name="Yes"/>',
      ].join('\n        '),
    );
    const pk1 = itemDef(xml, 'IT.PK.DT.2');
    expect(pk1).toContain('<Alias Context="EDC:timePointDescription" Name="Забор крови 1"/>');
    expect(pk1).not.toContain('EDC:timePointStart');
    expect(pk1.match(/EDC:timeDeviation/g)).toHaveLength(1);
    expect(pk1).toContain('<Alias Context="EDC:timeDeviation.1" Name="IT.PK.DT;00:30:00;00:05:00;00:05:00"/>');
    const pk2 = itemDef(xml, 'IT.PK.TM');
    expect(pk2).toContain('<Alias Context="EDC:timePointDuration" Name="00:03:00"/>');
    expect(pk2).not.toContain('EDC:timePointDescription');
    expect(pk2).toContain(
      [
        '<Alias Context="EDC:timeDeviation.1" Name="IT.PK.DT;36:00:00;01:00:00;00:30:00"/>',
        '<Alias Context="EDC:timeDeviation.2" Name="IT.PK.DT.2;01:00:00;00:10:00;00:10:00"/>',
      ].join('\n        '),
    );
    // The free time field, the text field and the deleted point's field carry no point.
    expect(itemDef(xml, 'IT.PK.TM.2')).not.toContain('EDC:time');
    expect(itemDef(xml, 'IT.PK.NOTE')).not.toContain('EDC:time');
    expect(itemDef(xml, 'IT.PK.TM.3')).not.toContain('EDC:time');
    expect(itemDef(xml, 'IT.FU.DT')).toContain('<Alias Context="EDC:timePointStart" Name="Yes"/>');
    // Design, not clinical data: an Editor's export has them too.
    expect(await exportXml(version.id, 'editor')).toContain('<Alias Context="EDC:timeDeviation.1" Name="IT.PK.DT;36:00:00;');
  });

  it('imports them back onto the new fields: the same points and deviations, audited', async () => {
    const { pkVisit, fuVisit, version } = await designWithPoints();
    const before = [await pointsOf(pkVisit.id), await pointsOf(fuVisit.id)];
    expect(before[0]).toEqual([
      ['Приём', '00:05:00', 'Приём препарата & вода', true, []],
      ['Забор 1', '00:02:00', 'Забор крови 1', false, [['Приём', '00:30:00', '00:05:00', '00:05:00']]],
      [
        'Забор 2',
        '00:03:00',
        null,
        false,
        [
          ['Приём', '36:00:00', '01:00:00', '00:30:00'],
          ['Забор 1', '01:00:00', '00:10:00', '00:10:00'],
        ],
      ],
    ]);
    const { data, counts, visits: imported } = await importInto(await exportXml(version.id));
    expect(data.unmapped).toEqual([]);
    expect(counts).toMatchObject({ timePoints: 4, timeDeviations: 3, formFields: 7 });
    expect(data.counts).toMatchObject({ timePoints: 4, timeDeviations: 3 });
    expect(imported.map((v) => v.visitKey)).toEqual(['PK', 'FU']);
    expect([await pointsOf(imported[0]!.id), await pointsOf(imported[1]!.id)]).toEqual(before);
    // Each created point and deviation is audited as the settings audit them, with where it came from.
    const points = await db()
      .select({ id: timePoints.id })
      .from(timePoints)
      .where(
        inArray(
          timePoints.visitId,
          imported.map((v) => v.id),
        ),
      );
    const audits = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(
        inArray(
          auditLog.entityId,
          points.map((p) => p.id),
        ),
      );
    expect(audits).toHaveLength(4);
    expect(audits.every((a) => a.action === 'time_point.create' && (a.after as any).source === 'odm')).toBe(true);
    const deviationAudits = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'time_deviation.create'), eq(auditLog.researchId, data.researchVersion.researchId)));
    expect(deviationAudits).toHaveLength(3);
  });

  it('skips a broken time point alias and says so, importing the rest', async () => {
    const { version } = await designWithPoints();
    let xml = await exportXml(version.id);
    // PK2's duration is not hh:mm:ss: PK2 and its deviations are skipped.
    xml = xml.replace(
      '<Alias Context="EDC:timePointDuration" Name="00:03:00"/>',
      '<Alias Context="EDC:timePointDuration" Name="3 min"/>',
    );
    // PK1 gets a deviation from an item of another visit, one from an unknown item, a malformed one, and a second start flag.
    const pk1 = itemDef(xml, 'IT.PK.DT.2');
    xml = xml.replace(
      pk1,
      pk1.replace(
        '<Alias Context="EDC:timeDeviation.1"',
        [
          '<Alias Context="EDC:timePointStart" Name="Yes"/>',
          '<Alias Context="EDC:timeDeviation.2" Name="IT.FU.DT;00:10:00;00:01:00;00:01:00"/>',
          '<Alias Context="EDC:timeDeviation.3" Name="IT.NOPE;00:10:00;00:01:00;00:01:00"/>',
          '<Alias Context="EDC:timeDeviation.4" Name="IT.PK.DT;25:61:00;00:01:00;00:01:00"/>',
          '<Alias Context="EDC:timeDeviation.1"',
        ].join('\n'),
      ),
    );
    // The text field gets a point.
    const note = itemDef(xml, 'IT.PK.NOTE');
    xml = xml.replace(note, `${note}<Alias Context="EDC:timePointDuration" Name="00:01:00"/>\n`);
    const { data, counts, visits: imported } = await importInto(xml);
    expect(data.unmapped.map((u: any) => `${u.element} ${u.oid}: ${u.message}`)).toEqual([
      'ItemDef IT.PK.DT.2: У визита «ФК» уже есть начальная точка (IT.PK.DT); эта точка времени импортирована как обычная',
      'ItemDef IT.PK.TM: Длительность точки времени «3 min» не в формате чч:мм:сс; точка времени пропущена',
      'ItemDef IT.PK.NOTE: Точка времени ставится только на поле типа «Время» или «Дата и время», а не Text; точка времени пропущена',
      'ItemDef IT.PK.DT.2: Начальная точка IT.FU.DT отклонения времени не является точкой времени того же визита; отклонение пропущено',
      'ItemDef IT.PK.DT.2: Начальная точка IT.NOPE отклонения времени не является точкой времени того же визита; отклонение пропущено',
      'ItemDef IT.PK.DT.2: Отклонение времени «IT.PK.DT;25:61:00;00:01:00;00:01:00» не в формате «ItemOID;чч:мм:сс;чч:мм:сс;чч:мм:сс»; отклонение пропущено',
    ]);
    expect(counts).toMatchObject({ timePoints: 3, timeDeviations: 1, formFields: 7 });
    expect(await pointsOf(imported[0]!.id)).toEqual([
      ['Приём', '00:05:00', 'Приём препарата & вода', true, []],
      ['Забор 1', '00:02:00', 'Забор крови 1', false, [['Приём', '00:30:00', '00:05:00', '00:05:00']]],
    ]);
    expect(await pointsOf(imported[1]!.id)).toEqual([['Звонок', '00:10:00', null, true, []]]);
  });

  it('sets the points of a form two events refer to in each visit, one start point per visit', async () => {
    const { version } = await designWithPoints();
    const xml = (await exportXml(version.id)).replace(
      /(<StudyEventDef OID="SE\.FU"[^>]*>\s*<FormRef FormOID="F\.FU" OrderNumber="1" Mandatory="No"\/>)/,
      '$1<FormRef FormOID="F.PK" OrderNumber="2" Mandatory="No"/>',
    );
    expect(xml).toContain('<FormRef FormOID="F.PK" OrderNumber="2"');
    const { data, counts, visits: imported } = await importInto(xml);
    expect(data.unmapped.map((u: any) => `${u.element} ${u.oid}: ${u.message}`)).toEqual([
      'ItemDef IT.PK.DT: У визита «Наблюдение» уже есть начальная точка (IT.FU.DT); эта точка времени импортирована как обычная',
    ]);
    expect(counts).toMatchObject({ timePoints: 7, timeDeviations: 6, formFields: 13 });
    const pk = await pointsOf(imported[0]!.id);
    expect(pk.map((p: unknown[]) => p[0])).toEqual(['Приём', 'Забор 1', 'Забор 2']);
    expect(await pointsOf(imported[1]!.id)).toEqual([
      ['Звонок', '00:10:00', null, true, []],
      ['Приём', '00:05:00', 'Приём препарата & вода', false, []],
      ...pk.slice(1),
    ]);
  });
});
