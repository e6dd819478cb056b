import { and, eq, isNull } from 'drizzle-orm';
import { ruleInput } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import { fields, formFields, forms } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { createRule } from '../modules/rules/rules.service.js';

/**
 * The demo rules of DEMO-001 (docs/rules.md), made by its administrator through the rules service: the body
 * mass index proposed into the screening demography form's calculated field from height and weight, and an
 * edit check raising an Auto note when the screening systolic pressure is outside 90–160 mm Hg (the demo's
 * values are inside it, so the seed raises no note).
 */
export async function seedDemoRules(deps: Deps, admin: ActorCaller): Promise<void> {
  const researchId = admin.actor.employee!.researchId;
  const formField = async (formKey: string, fieldKey: string) => {
    const [row] = await deps.db
      .select({ id: formFields.id })
      .from(formFields)
      .innerJoin(forms, eq(forms.id, formFields.formId))
      .innerJoin(fields, eq(fields.id, formFields.fieldId))
      .where(
        and(
          eq(forms.researchId, researchId),
          eq(forms.formKey, formKey),
          eq(fields.fieldKey, fieldKey),
          isNull(formFields.deletedAt),
        ),
      )
      .limit(1);
    if (!row) throw new Error(`the demo design lacks ${formKey}.${fieldKey}`);
    return row.id;
  };
  await createRule(
    deps,
    ruleInput.parse({
      ruleTypeString: 'InsertAction',
      expression: 'RoundAwayFromZero(Bmi([WEIGHT]; [HEIGHT]); 1)',
      formFieldId: await formField('SCR_DM', 'BMI'),
    }),
    admin,
  );
  await createRule(
    deps,
    ruleInput.parse({
      ruleTypeString: 'NoteAction',
      expression: '[SYSBP] < 90 OR [SYSBP] > 160',
      message: 'Систолическое АД вне диапазона 90–160 мм рт. ст.: проверьте значение',
      formFieldId: await formField('SCR_VS', 'SYSBP'),
    }),
    admin,
  );
}
