import { and, eq, isNull } from 'drizzle-orm';
import { timeDeviationCreate, timePointCreate } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import { fields, formFields, forms } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { createTimeDeviation } from '../modules/time-points/time-deviations.service.js';
import { createTimePoint } from '../modules/time-points/time-points.service.js';

/**
 * The demo time points of DEMO-001 (docs/time-points.md), made by its administrator through the services:
 * on visit 1's pharmacokinetics form, the dose as the visit's start point (5 minutes), a blood draw 30
 * minutes after it and another 30 minutes after that draw (2 minutes each, ±5 minutes). The randomisation
 * visit carries the same form without points, for a designer to try.
 */
export async function seedDemoTimePoints(deps: Deps, admin: ActorCaller): Promise<void> {
  const researchId = admin.actor.employee!.researchId;
  const formField = async (fieldKey: string) => {
    const [row] = await deps.db
      .select({ id: formFields.id })
      .from(formFields)
      .innerJoin(forms, eq(forms.id, formFields.formId))
      .innerJoin(fields, eq(fields.id, formFields.fieldId))
      .where(
        and(
          eq(forms.researchId, researchId),
          eq(forms.formKey, 'V1_PK'),
          eq(fields.fieldKey, fieldKey),
          isNull(formFields.deletedAt),
        ),
      )
      .limit(1);
    if (!row) throw new Error(`the demo design lacks V1_PK.${fieldKey}`);
    return row.id;
  };
  const point = async (fieldKey: string, duration: string, description: string, isVisitStartPoint = false) =>
    createTimePoint(
      deps,
      timePointCreate.parse({ formFieldId: await formField(fieldKey), duration, description, isVisitStartPoint }),
      admin,
    );
  const after = (timePointId: string, startTimePointId: string) =>
    createTimeDeviation(
      deps,
      timeDeviationCreate.parse({
        timePointId,
        startTimePointId,
        deviation: '00:30:00',
        deviationPlus: '00:05:00',
        deviationMinus: '00:05:00',
      }),
      admin,
    );
  const dose = await point('PKDOSTIM', '00:05:00', 'Введение препарата', true);
  const first = await point('PKT1TIM', '00:02:00', 'Взятие крови через 30 мин после введения');
  const second = await point('PKT2TIM', '00:02:00', 'Взятие крови через 30 мин после первого взятия');
  await after(first.id, dose.id);
  await after(second.id, first.id);
}
