import type { z } from 'zod';
import { offeredVersionIndexes, type design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Deps } from '../../../platform/deps.js';
import { and, eq, isNull } from 'drizzle-orm';
import { researchOrganisations } from '../../../platform/db/schema/index.js';
import { AppError, badRequest } from '../../../platform/http/errors.js';
import { errorMessage } from '@edc/domain';
import { insertImportedRule } from '../../rules/rules.service.js';
import { mayEditRules } from '../../rules/rules.policy.js';
import { insertTimeDeviation } from '../../time-points/time-deviations.service.js';
import { insertTimePoint } from '../../time-points/time-points.service.js';
import { userToday } from '../../../platform/http/time-zone.js';
import type { DesignCaller } from '../shared/context.js';
import { lockOrder } from '../shared/order.js';
import { researchIdOf, researchToChange } from '../shared/research.js';
import { lastVersionOf } from '../shared/versions.js';
import { insertVersion } from '../research-versions/research-versions.service.js';
import { versionDto } from '../research-versions/research-versions.queries.js';
import { OdmFormatError, parseOdm } from './odm-parse.js';
import { sameVersionAs } from './odm-same-as.js';
import { planImport, type ImportPlan, type PlannedRule, type PlannedTimePoint, type Unmapped } from './odm-plan.js';
import { insertFieldDefinition, insertFormType, insertPlannedForm, insertPlannedVisit } from './odm-insert.js';
import { updateVersionFromOdm } from './odm-update-version.js';
import type { Db } from '../../../platform/db/client.js';

type Input = z.infer<typeof design.odmImportRequest>;
type Reply = z.infer<typeof design.odmImportReply>;

/**
 * POST /ResearchVersions/ImportOdm: an ODM study design becomes a new research version of the research
 * (next major index unless told), with its own visits, forms, sections and fields, and new form types and
 * field definitions, each keeping the OID of its element (odm-oids.ts). Everything is written in one
 * transaction, each created entity audited; the reply lists what could not be carried over and, when the file
 * is a re-import of a version of the research, which one and how it differs (odm-same-as.ts). With
 * `updateResearchVersionId` that version is updated instead (odm-update-version.ts); with `dryRun` nothing is
 * written, so that the client can offer the choice first.
 */
export async function importOdm(deps: Deps, c: DesignCaller, input: Input): Promise<Reply> {
  const research = await researchToChange(deps.db, c.actor, researchIdOf(c.actor, input.researchId));
  let plan;
  let odm;
  try {
    odm = parseOdm(input.xml, input.metaDataVersionOid);
    plan = planImport(odm, c.lang);
  } catch (e) {
    if (e instanceof OdmFormatError) throw badRequest('odm_invalid', 'xml', { detail: e.message });
    throw e;
  }
  const sameAs = await sameVersionAs(deps.db, c.actor, research, odm);
  if (input.updateResearchVersionId !== undefined) return updateVersionFromOdm(deps, c, { research, plan, sameAs, input });
  if (input.dryRun) return { counts: plannedCounts(plan), unmapped: plan.unmapped, ...(sameAs ? { sameAs } : {}), dryRun: true };
  const fileDescription = plan.study.description?.trim() || null;
  const last = await lastVersionOf(deps.db, research.id);
  const [, major] = offeredVersionIndexes(last);
  const index = {
    majorIndex: input.majorIndex ?? major.majorIndex,
    minorIndex: input.minorIndex ?? (input.majorIndex === undefined ? major.minorIndex : 0),
  };
  const today = userToday(c);
  const startedDate = input.startedDate ?? (last && last.startedDate > today ? last.startedDate : today);

  const result = await deps.db.transaction(async (tx) => {
    // The research's visit order is locked before the first audit record is written.
    await lockOrder(tx, research.id);
    const version = await insertVersion(
      tx,
      c,
      research.id,
      {
        ...index,
        startedDate,
        // The file's MetaDataVersion description when none is given (as the export wrote it).
        description: input.description ?? (fileDescription && fileDescription.length <= 4000 ? fileDescription : null),
        studyOid: plan.study.oid,
        mdvOid: plan.study.mdvOid,
      },
      { carryOver: false, action: 'research_version.import_odm' },
    );
    const typeId = new Map<string, string>();
    for (const t of plan.formTypes) typeId.set(t.ref, await insertFormType(tx, c, t));
    const fieldId = new Map<string, string>();
    for (const f of plan.fields) fieldId.set(f.ref, await insertFieldDefinition(tx, c, f, typeId.get(f.formTypeRef)!));
    let formCount = 0;
    let sectionCount = 0;
    let formFieldCount = 0;
    const formFieldIdOf = new Map<string, string>();
    const visitIdOf = new Map<string, string>();
    for (const v of plan.visits) {
      const visit = await insertPlannedVisit(tx, c, { researchId: research.id, versionId: version.id }, v);
      for (const [formIndex, f] of v.forms.entries()) {
        const inserted = await insertPlannedForm(
          tx,
          c,
          {
            researchId: research.id,
            visitId: visit.id,
            versionId: version.id,
            index: formIndex,
            formTypeId: typeId.get(f.formTypeRef)!,
          },
          f,
          (ff) => fieldId.get(ff.fieldRef)!,
        );
        formCount++;
        sectionCount += inserted.sectionIds.length;
        formFieldCount += inserted.fieldCount;
        for (const [ref, id] of inserted.fieldIds) {
          formFieldIdOf.set(ref, id);
          visitIdOf.set(ref, visit.id);
        }
      }
    }
    const ruleCount = await importRules(tx, c, research.id, plan.rules, formFieldIdOf, plan.unmapped);
    const timeCounts = await importTimePoints(tx, c, research.id, plan.timePoints, formFieldIdOf, visitIdOf);
    const counts = {
      rules: ruleCount,
      ...timeCounts,
      visits: plan.visits.length,
      formTypes: plan.formTypes.length,
      forms: formCount,
      sections: sectionCount,
      fields: plan.fields.length,
      formFields: formFieldCount,
      codeLists: plan.codeListsUsed,
    };
    await writeAudit(tx, c.audit, {
      action: 'research_version.import_odm_report',
      entityType: 'research_version',
      entityId: version.id,
      researchId: research.id,
      after: { counts, unmapped: plan.unmapped, sameAs },
    });
    return { version, counts };
  });
  return {
    researchVersion: await versionDto(deps.db, result.version),
    counts: result.counts,
    unmapped: plan.unmapped,
    ...(sameAs ? { sameAs } : {}),
  };
}

/** What an import of the plan creates (rules and time points are counted only when written). */
function plannedCounts(plan: ImportPlan): Reply['counts'] {
  const forms = plan.visits.flatMap((v) => v.forms);
  const sections = forms.flatMap((f) => f.sections);
  return {
    visits: plan.visits.length,
    formTypes: plan.formTypes.length,
    forms: forms.length,
    sections: sections.length,
    fields: plan.fields.length,
    formFields: sections.reduce((n, s) => n + s.fields.length, 0),
    codeLists: plan.codeListsUsed,
  };
}

/**
 * The study rules of the file (docs/rules.md "ODM"), in the import's transaction: each on every form field
 * placed from its item, through the rules module's own checks, not tested and not validated. A rule whose
 * centre number is not a centre of the research is skipped and reported; a rule the checks refuse (an
 * expression that does not parse or type-check against its form, a missing message…) refuses the whole
 * import: 400 `odm_rule_invalid` naming the rule's OID, with the check's own message.
 */
async function importRules(
  tx: Db,
  c: DesignCaller,
  researchId: string,
  planned: PlannedRule[],
  formFieldIdOf: Map<string, string>,
  unmapped: Unmapped[],
): Promise<number> {
  let count = 0;
  // Only those who edit rules create them (docs/rules.md "API"): an importer who may not leaves them out.
  if (planned.length && !mayEditRules(c.actor, researchId)) {
    for (const r of planned) {
      unmapped.push({
        element: 'Rule',
        oid: r.oid,
        message:
          c.lang === 'ru'
            ? 'У Вас нет прав на правила исследования; правило пропущено'
            : 'You may not edit the research’s rules; the rule is skipped',
      });
    }
    return 0;
  }
  const centres = new Map<string, string | null>();
  for (const r of planned) {
    let centreId: string | null = null;
    if (r.centre !== null) {
      if (!centres.has(r.centre)) {
        const [row] = await tx
          .select({ id: researchOrganisations.id })
          .from(researchOrganisations)
          .where(
            and(
              eq(researchOrganisations.researchId, researchId),
              eq(researchOrganisations.number, r.centre),
              isNull(researchOrganisations.deletedAt),
            ),
          );
        centres.set(r.centre, row?.id ?? null);
      }
      centreId = centres.get(r.centre)!;
      if (!centreId) {
        unmapped.push({
          element: 'Rule',
          oid: r.oid,
          message:
            c.lang === 'ru'
              ? `Центр ${r.centre} не найден в исследовании; правило пропущено`
              : `Centre ${r.centre} is not a centre of the research; the rule is skipped`,
        });
        continue;
      }
    }
    for (const ref of r.placementRefs) {
      const formFieldId = formFieldIdOf.get(ref);
      if (!formFieldId) continue;
      try {
        await insertImportedRule(
          tx,
          c,
          { ruleTypeString: r.type, message: r.message, expression: r.expression, formFieldId, researchOrganisationId: centreId },
          { odmOid: r.oid },
        );
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 400) throw e;
        const cause = e;
        throw badRequest('odm_rule_invalid', 'xml', {
          rule: r.oid,
          detail: { ru: errorMessage(cause.code, 'ru', cause.params), en: errorMessage(cause.code, 'en', cause.params) },
        });
      }
      count++;
    }
  }
  return count;
}

/**
 * The time points of the file (docs/time-points.md "ODM"), in the import's transaction, each audited as the
 * time points service does: the points on their new form fields, then their deviations. The plan has checked
 * them (Time and DateTime fields, one start point per visit, deviations within the visit); the importer
 * changes the design, which is what writing time points needs.
 */
async function importTimePoints(
  tx: Db,
  c: DesignCaller,
  researchId: string,
  planned: PlannedTimePoint[],
  formFieldIdOf: Map<string, string>,
  visitIdOf: Map<string, string>,
): Promise<{ timePoints: number; timeDeviations: number }> {
  const pointIdOf = new Map<string, string>();
  for (const p of planned) {
    const formFieldId = formFieldIdOf.get(p.placementRef);
    const visitId = visitIdOf.get(p.placementRef);
    if (!formFieldId || !visitId) continue;
    const id = await insertTimePoint(
      tx,
      c,
      {
        researchId,
        visitId,
        formFieldId,
        duration: p.duration,
        description: p.description,
        isVisitStartPoint: p.isVisitStartPoint,
      },
      { source: 'odm', odmOid: p.itemOid },
    );
    pointIdOf.set(p.placementRef, id);
  }
  let deviations = 0;
  for (const p of planned) {
    const timePointId = pointIdOf.get(p.placementRef);
    if (!timePointId) continue;
    for (const d of p.deviations) {
      const startTimePointId = pointIdOf.get(d.startPlacementRef);
      if (!startTimePointId) continue;
      await insertTimeDeviation(
        tx,
        c,
        researchId,
        {
          timePointId,
          startTimePointId,
          deviation: d.deviation,
          deviationPlus: d.deviationPlus,
          deviationMinus: d.deviationMinus,
        },
        { source: 'odm', odmOid: p.itemOid },
      );
      deviations++;
    }
  }
  return { timePoints: pointIdOf.size, timeDeviations: deviations };
}
