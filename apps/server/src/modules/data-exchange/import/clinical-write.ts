import { and, eq, inArray, isNull } from 'drizzle-orm';
import { errorMessage, type FieldType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { researchOrganisations } from '../../../platform/db/schema/index.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { AppError } from '../../../platform/http/errors.js';
import { currentItemData } from '../../data-entry/data-entry.repo.js';
import { validateItemValue } from '../../data-entry/entry-rules.js';
import { saveValueIn } from '../../data-entry/item-data.service.js';
import type { SubjectRecord } from '../../subjects/subjects.repo.js';
import type { SubjectVisitRow } from '../../subjects/subject-visits.repo.js';
import { valuesOf, type PlannedEvent, type PlannedForm, type PlannedSubject, type PlannedValue } from './clinical-plan.js';
import { createImportedForm, fieldsByFormField, findSubjectForm } from './imported-forms.js';
import {
  createImportedSubject,
  createImportedVisit,
  findOccurrence,
  findSubjectByNumber,
  type CentreRow,
  type ImportSource,
} from './imported-subjects.js';
import type { ImportReport } from './import-report.js';

/**
 * Writes the planned subjects in the import's transaction (import.job.ts): each subject found by its
 * screening number or enrolled, each visit and form found or made, each value saved by data entry's own
 * save (item-data.service saveValueIn: the value checks, hidden fields, rules and audit record of an
 * entered value). Every step runs in a savepoint: a refusal (AppError) undoes only that step and becomes an
 * issue, with its values counted refused; anything else fails the job (and rolls everything back).
 */

export interface WriteInput {
  caller: ActorCaller;
  report: ImportReport;
  researchId: string;
  job: { id: string; fileName: string };
  /** Called after each subject with how many are done. */
  progress: (done: number) => void;
}

type Step<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Runs `work` in a savepoint; a refusal rolls it back and is returned, anything else is thrown. */
async function step<T>(tx: Db, work: (sp: Db) => Promise<T>): Promise<Step<T>> {
  try {
    return { ok: true, value: await tx.transaction(work) };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, error: e };
    throw e;
  }
}

export async function writeImport(tx: Db, plan: PlannedSubject[], input: WriteInput): Promise<void> {
  const w = new Writer(tx, input, await centresOf(tx, input.researchId, plan));
  for (const [i, s] of plan.entries()) {
    await w.subject(s);
    input.progress(i + 1);
  }
}

/** The live centres of the research the plan sends subjects to. */
async function centresOf(tx: Db, researchId: string, plan: PlannedSubject[]): Promise<Map<string, CentreRow>> {
  const ids = [...new Set(plan.map((s) => s.centreId!).filter(Boolean))];
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(researchOrganisations)
    .where(
      and(
        inArray(researchOrganisations.id, ids),
        eq(researchOrganisations.researchId, researchId),
        isNull(researchOrganisations.deletedAt),
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

class Writer {
  private readonly source: ImportSource;
  private readonly reason: string;

  constructor(
    private readonly tx: Db,
    private readonly input: WriteInput,
    private readonly centres: Map<string, CentreRow>,
  ) {
    this.source = { source: 'odm_import', jobId: input.job.id, fileName: input.job.fileName };
    this.reason = errorMessage('clinical_import_reason', input.report.lang, { file: input.job.fileName });
  }

  private get report() {
    return this.input.report;
  }

  /** A subject refused as a whole (its issue told why): its values are refused with it. */
  private refuseSubject(s: PlannedSubject): void {
    this.report.subjects.refused++;
    this.report.values.refused += valuesOf(s);
  }

  async subject(s: PlannedSubject): Promise<void> {
    const at = { subjectKey: s.key, oid: null };
    const centre = this.centres.get(s.centreId!);
    if (!centre || (centre.organisationType !== 'Site' && centre.organisationType !== 'TestSite')) {
      this.report.issue(at, 'clinical_import_centre_not_site', { number: centre?.number ?? '—' });
      return this.refuseSubject(s);
    }
    let subject = await findSubjectByNumber(this.tx, this.input.researchId, s.key);
    if (subject && subject.researchOrganisationId !== centre.id) {
      this.report.issue(at, 'clinical_import_subject_other_centre', { subject: s.key, centre: subject.centreNumber });
      return this.refuseSubject(s);
    }
    if (subject) {
      this.report.subjects.existing++;
    } else {
      const made = await step(this.tx, (sp) =>
        createImportedSubject(sp, this.input.caller, this.source, {
          researchId: this.input.researchId,
          centre,
          screeningNumber: s.key,
          details: s.details,
        }),
      );
      if (!made.ok) {
        this.report.refusal(at, made.error);
        return this.refuseSubject(s);
      }
      subject = made.value;
      this.report.subjects.created++;
    }
    for (const e of s.events) subject = await this.event(s.key, subject, centre, e);
  }

  /** One study event; gives the subject as it is afterwards (its first screening visit screens it). */
  private async event(key: string, subject: SubjectRecord, centre: CentreRow, e: PlannedEvent): Promise<SubjectRecord> {
    const at = { subjectKey: key, oid: e.oid };
    let visit = await findOccurrence(this.tx, subject.id, e.visit, e.repeat);
    if (visit) {
      this.report.visits.existing++;
    } else {
      if (!e.date) {
        this.report.issue(at, 'clinical_import_visit_date', { oid: e.oid });
        this.report.values.refused += valuesOf(e);
        return subject;
      }
      const made = await step(this.tx, (sp) =>
        createImportedVisit(sp, this.input.caller, this.source, {
          subject,
          centre,
          visit: e.visit,
          repeat: e.repeat,
          date: e.date!,
          oid: e.oid,
        }),
      );
      if (!made.ok) {
        this.report.refusal(at, made.error);
        this.report.values.refused += valuesOf(e);
        return subject;
      }
      ({ subject, visit } = made.value);
      this.report.visits.created++;
    }
    for (const f of e.forms) await this.form(key, subject, visit, f);
    return subject;
  }

  private async form(key: string, subject: SubjectRecord, visit: SubjectVisitRow, f: PlannedForm): Promise<void> {
    let id = await findSubjectForm(this.tx, visit.id, f.form, f.repeat);
    if (id) {
      this.report.forms.existing++;
    } else {
      const made = await step(this.tx, (sp) =>
        createImportedForm(sp, this.input.caller, { subject, visit, form: f.form, repeat: f.repeat, oid: f.oid }),
      );
      if (!made.ok) {
        this.report.refusal({ subjectKey: key, oid: f.oid }, made.error);
        this.report.values.refused += valuesOf(f);
        return;
      }
      id = made.value;
      this.report.forms.created++;
    }
    const fields = await fieldsByFormField(this.tx, id);
    for (const v of f.values) await this.value(key, fields.get(v.item.formField.id), v);
  }

  private async value(key: string, subjectFormFieldId: string | undefined, v: PlannedValue): Promise<void> {
    const at = { subjectKey: key, oid: v.oid, value: v.value };
    if (!subjectFormFieldId) {
      this.report.issue(at, 'clinical_import_field_missing', { oid: v.oid });
      this.report.values.refused++;
      return;
    }
    const current = await currentItemData(this.tx, subjectFormFieldId);
    // The value as data entry would store it: when that is the current value, nothing is written (as a save of
    // the same value writes nothing), whatever the state of the form — so a signed casebook re-imports unchanged.
    const { formField, field } = v.item;
    const check = validateItemValue(field.fieldType as FieldType, v.data, {
      mask: formField.mask,
      regExMask: formField.regExMask,
      optionList: field.optionList,
    });
    if (check.ok && (check.value ?? null) === (current?.data ?? null) && !current?.documentId) {
      this.report.values.unchanged++;
      return;
    }
    const saved = await step(this.tx, (sp) =>
      saveValueIn(sp, this.input.caller, 'change', {
        subjectFormFieldId,
        data: v.data,
        // The value changes; what the site noted on it stays.
        comment: current?.comment ?? null,
        clinicalSignificanceString: current?.clinicalSignificanceString ?? null,
        reasonForChange: v.origin?.reason ?? this.reason,
        currentItemDataId: current?.id ?? null,
        imported: { ...this.source, origin: v.origin },
      }),
    );
    if (!saved.ok) {
      this.report.refusal(at, saved.error);
      this.report.values.refused++;
    } else if (saved.value.itemData.id === current?.id) {
      this.report.values.unchanged++;
    } else {
      this.report.values.created++;
    }
  }
}
