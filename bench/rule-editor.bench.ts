// Rules expression editor keystroke budget (issue 13, web app), in Chromium: the editor checks the expression
// live (rules.checkRule of @edc/domain, on every keystroke) against the fields of a 300-field form, and a
// keystroke still paints ≤ 50 ms (p95): from keydown to the first frame painted after the textarea's value
// changed ("painted": the task after the next animation frame, bench/support.ts's keystroke probe).
// The rule dialog is opened as admin from the rules page (/rules?ruleId=…: edit a stored rule of a field of the
// form), its expression cleared, and a realistic expression of about 100 characters typed key by key (twice,
// after a warm-up): every prefix is checked, most of them with errors (shown with their excerpt), the last ones
// with the related field codes as chips.
// Beside it: the same dialog as static HTML (its markup inserted with innerHTML, no React) and the same
// keystrokes in its plain textarea, i.e. the browser's own floor (mostly the wait for the next frame); and the
// engine's check of each prefix timed in Node.
// The built app (apps/web/dist) is served and the API answered from memory, so only the browser's work is
// measured. Run: npm run build -w apps/web && npx tsx bench/rule-editor.bench.ts
// (BENCH_WEB_DIST=<folder> measures another build of the web app.)
import { performance } from 'node:perf_hooks';
import { permissionsFor, rules } from '@edc/domain';
import {
  benchUuid as uuid,
  installKeystrokeProbe,
  launchWebApp,
  report,
  timeKeystrokes,
  WEB_ORIGIN as ORIGIN,
} from './support.js';

const SECTIONS = 3;
const FIELDS_PER_SECTION = 100;
const PASSES = 2;
const KEY_BUDGET_MS = 50;
const EXPRESSION = 'RoundAwayFromZero(Bmi([F001]; [F002]); 1) > 25 AND [F003] <> "Да" OR DaysBetween([F010]; [F011]) > 30';
const STORED_EXPRESSION = '[F001] > 0';

const researchId = uuid(1, 1);
const research = { id: researchId, grlsProtocolNumber: 'BENCH-001', mnn: 'Bench', statusString: 'Current', withIwrs: false };
// Admin (user role) working as a manager of the sponsor's organisation: the rules page, and rules_edit.
const sponsor = {
  id: uuid(1, 2),
  organisationTypeString: 'Admin',
  researchOrganisationNumber: '00',
  organisation: { id: uuid(1, 3), shortName: 'Bench sponsor', address: '-' },
  research,
};
const site = {
  id: uuid(2, 2),
  organisationTypeString: 'Site',
  researchOrganisationNumber: '01',
  organisation: { id: uuid(2, 3), shortName: 'Bench site', address: '-' },
  research,
};
const user = { id: uuid(1, 4), email: 'admin@demo.test', firstName: 'Admin', lastName: 'Bench', patronymic: null };
const me = {
  user: { ...user, userRole: 'Admin', language: 'ru' },
  organisationUsers: [
    {
      id: uuid(1, 5),
      isVerify: true,
      userRoleString: 'Admin',
      organisation: { ...sponsor.organisation, name: 'Bench sponsor' },
      user,
    },
  ],
  currentOrganisationUserId: uuid(1, 5),
  employees: [{ id: uuid(1, 6), employeeType: 'Manager', hasAccess: true, drTrialId: null, user, researchOrganisation: sponsor }],
  currentEmployeeId: uuid(1, 6),
  permissions: [...permissionsFor({ userRole: 'Admin', organisationType: 'Admin', employeeType: 'Manager', withIwrs: false })],
  homePath: '/rules',
};

// The form: 3 sections × 100 fields coded F001…F300 (annotation keys), text, number, select, checkbox and date
// in turn, and the fields the expression names of the types it needs (F001, F002 numbers: weight and height;
// F003 a select with "Да"; F010, F011 dates).
const visitId = uuid(1, 7);
const formId = uuid(1, 8);
const updatedAt = '2026-01-20T09:00:00.000Z';
const TYPES = ['Text', 'Number', 'Select', 'Checkbox', 'Date'] as const;
const OPTIONS = ['Нет', 'Да', 'Не известно', 'Не применимо'];
const TYPE_OF: Record<number, (typeof TYPES)[number]> = { 1: 'Number', 2: 'Number', 3: 'Select', 10: 'Date', 11: 'Date' };
const code = (n: number) => `F${n.toString().padStart(3, '0')}`;
const sections = Array.from({ length: SECTIONS }, (_, s) => ({
  id: uuid(s + 1, 9),
  researchId,
  formId,
  sectionName: `Секция ${s + 1}`,
  description: null,
  formSectionKey: null,
  pointList: [],
  index: s,
  updatedAt,
  formFieldList: Array.from({ length: FIELDS_PER_SECTION }, (_, i) => {
    const n = s * FIELDS_PER_SECTION + i + 1;
    const fieldType = TYPE_OF[n] ?? TYPES[i % TYPES.length]!;
    return {
      id: uuid(n, 10),
      researchId,
      formId,
      formSectionId: uuid(s + 1, 9),
      field: {
        id: uuid(n, 11),
        title: `Поле ${n}`,
        fieldKey: `FIELD_${n}`,
        fieldType,
        optionList: fieldType === 'Select' ? OPTIONS : [],
        defaultOption: null,
        units: null,
        formTypeId: uuid(1, 12),
      },
      text: `Поле ${s + 1}.${i + 1}: ${fieldType}`,
      textBefore: null,
      textAfter: null,
      annotationKey: code(n),
      dataLink: null,
      isRequired: i % 4 === 0,
      clinicalSignificance: false,
      comment: null,
      units: fieldType === 'Number' ? 'кг' : null,
      formName: null,
      regExMask: null,
      mask: null,
      isHidden: false,
      requiredForEdc: false,
      index: i,
      contextFormId: null,
      contextText: null,
      parentVisibleRule: null,
      parentFormFieldId: null,
      parentFormField: null,
      childFormFieldList: [],
      duration: null,
      updatedAt,
    };
  }),
}));
const target = sections[0]!.formFieldList[0]!;
const ruleId = uuid(1, 13);
const rule = {
  id: ruleId,
  researchId,
  ruleTypeString: 'NoteAction',
  message: 'Проверьте ИМТ',
  expression: STORED_EXPRESSION,
  researchOrganisationId: null,
  researchOrganisationNumber: null,
  formFieldId: target.id,
  relatedFormFieldCodes: ['F001'],
  relatedFormFieldList: [
    { code: 'F001', formFieldId: target.id, text: target.text, fieldType: target.field.fieldType, optionList: [] },
  ],
  isValidate: false,
  isTested: false,
  formFieldChain: {
    visit: { id: visitId, title: 'Скрининг' },
    form: { id: formId, title: 'Форма на 300 полей' },
    formSection: { id: sections[0]!.id, sectionName: sections[0]!.sectionName },
    formField: { id: target.id, text: target.text },
  },
  result: null,
  createdAt: updatedAt,
  updatedAt,
};
const replies: Record<string, unknown> = {
  '/api/Users/me': { data: me },
  '/api/Rules': { data: [rule], page: 1, pageSize: 10, totalCount: 1 },
  [`/api/Rules/${ruleId}`]: { data: rule },
  '/api/FormSections/WithReferences': { data: sections },
  '/api/ResearchOrganisations': { data: [sponsor, site] },
  '/api/Visits': { data: [] },
  [`/api/Researches/${researchId}`]: { data: { ...research, groupList: ['A', 'B'] } },
};

// The typed expression is valid against the form (so the last keystrokes show the related codes, not errors).
const fields = Object.fromEntries(
  sections
    .flatMap((s) => s.formFieldList)
    .map((f) => [f.annotationKey, { fieldType: f.field.fieldType, optionList: f.field.optionList }]),
) as rules.RuleFields;
const final = rules.checkRule(EXPRESSION, fields, ['boolean']);
if (!final.ok) throw new Error(`the expression does not check: ${JSON.stringify(final.errors)}`);
const keys = [...EXPRESSION];

// The engine alone, in Node: the check of every prefix (what each keystroke asks of it).
const engineSamples: number[] = [];
for (let pass = 0; pass < PASSES + 1; pass += 1) {
  for (let i = 1; i <= keys.length; i += 1) {
    const t0 = performance.now();
    rules.checkRule(keys.slice(0, i).join(''), fields, ['boolean']);
    if (pass > 0) engineSamples.push(performance.now() - t0);
  }
}

const { browser, context, missing } = await launchWebApp((_request, url) => {
  const body = replies[url.pathname];
  return body ? { body } : undefined;
});
await installKeystrokeProbe(context);
const page = await context.newPage();
const expression = page.getByTestId('rule-expression');
const check = page.getByTestId('rule-check');

/** Clears the focused textarea (select all, delete): not timed. */
async function clear() {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
}

/** Types the expression `PASSES` times into the focused textarea (cleared before each), after a warm-up. */
async function typeExpression(): Promise<number[]> {
  await clear();
  await timeKeystrokes(page, keys.slice(0, 10)); // warm-up
  const samples: number[] = [];
  for (let pass = 0; pass < PASSES; pass += 1) {
    await clear();
    samples.push(...(await timeKeystrokes(page, keys)));
  }
  return samples;
}

await page.goto(`${ORIGIN}/rules?ruleId=${ruleId}`);
await expression.waitFor();
if ((await expression.inputValue()) !== STORED_EXPRESSION) throw new Error('the stored rule is not in the editor');
await expression.click();
const editorKeys = await typeExpression();
if ((await expression.inputValue()) !== EXPRESSION) throw new Error(`typed: ${await expression.inputValue()}`);
if ((await check.getAttribute('data-ok')) !== 'true') throw new Error(`the editor's check: ${await check.textContent()}`);
const chips = await page.getByTestId('rule-codes').getByRole('listitem').count();
console.log(
  `editor: ${SECTIONS}×${FIELDS_PER_SECTION} fields (F001…F${SECTIONS * FIELDS_PER_SECTION}), expression of ${keys.length} characters, ${chips} related codes at the end: ${await check.textContent()}`,
);

// The baseline: the opened dialog's markup as static HTML (no React), and the same keystrokes in its textarea.
const html = await page.evaluate(() => document.querySelector('.MuiDialog-root')!.outerHTML);
await page
  .getByRole('dialog')
  .getByRole('button', { name: /закрыть/i })
  .first()
  .click();
await page.getByTestId('rule-dialog').waitFor({ state: 'detached' });
await page.evaluate((markup) => {
  const holder = document.createElement('div');
  holder.id = 'bench-static';
  holder.innerHTML = markup;
  document.body.append(holder);
}, html);
await page.locator('#bench-static [data-testid="rule-expression"]').click();
const staticKeys = await typeExpression();
await browser.close();

if (missing.size) console.log(`API calls answered 404 (not mocked): ${[...missing].join(', ')}`);
report(`rules.checkRule of each prefix, in Node (${Object.keys(fields).length} fields)`, engineSamples);
const ok = report(
  `rule editor, ${SECTIONS * FIELDS_PER_SECTION}-field form: keystroke in the expression, keydown → painted`,
  editorKeys,
  KEY_BUDGET_MS,
);
report(`baseline: keystroke in the plain textarea of the dialog's static copy, keydown → painted`, staticKeys);
process.exit(ok ? 0 : 1);
