// Subject form render budgets (issue 12, web app), in Chromium:
// - opening a subject form of 300 fields (3 sections × 100: text, number, select, checkbox and date fields,
//   half of them with a value): from the click on the form's card on the subject visit page to the 100 rows of
//   the visible section painted ≤ 500 ms (p95). The time includes fetching GET /api/SubjectsForm/{id}, which
//   is answered from memory here; the part after the reply (Resource Timing's responseEnd) is printed too.
// - a keystroke in a text and in a number field of that form, from keydown to the first frame painted after
//   the input's value changed ≤ 50 ms (p95).
// "Painted" is the task after the next animation frame (requestAnimationFrame, then setTimeout 0), as in
// bench/subject-grid.bench.ts; the app has no marks of its own for this, so the script puts them in the page.
// Beside the figures: the same DOM as static HTML (the opened dialog's markup inserted with innerHTML, and a
// keystroke in a plain input of that copy), i.e. the browser's own floor for this page, and the React commits
// and field rows rendered per keystroke (counted through a minimal React DevTools hook).
// The built app (apps/web/dist) is served and the API answered from memory, so only the browser's work is
// measured. Run: npm run build -w apps/web && npx tsx bench/subject-form-render.bench.ts
// (BENCH_WEB_DIST=<folder> measures another build of the web app.)
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
const RUNS = 15;
const WARM_UP = 2;
const KEYSTROKES = 50;
const RENDER_BUDGET_MS = 500;
const KEY_BUDGET_MS = 50;

const researchId = uuid(1, 1);
const research = { id: researchId, grlsProtocolNumber: 'BENCH-001', mnn: 'Bench', statusString: 'Current', withIwrs: false };
const centre = {
  id: uuid(1, 2),
  organisationTypeString: 'Site',
  researchOrganisationNumber: '01',
  organisation: { id: uuid(1, 3), shortName: 'Bench site', address: '-' },
  research,
};
const user = { id: uuid(1, 4), email: 'bench@demo.test', firstName: 'Bench', lastName: 'User', patronymic: null };
const me = {
  user: { ...user, userRole: 'User', language: 'ru' },
  organisationUsers: [
    {
      id: uuid(1, 5),
      isVerify: true,
      userRoleString: 'User',
      organisation: { ...centre.organisation, name: 'Bench site' },
      user,
    },
  ],
  currentOrganisationUserId: uuid(1, 5),
  employees: [
    {
      id: uuid(1, 6),
      employeeType: 'PrincipalInvestigator',
      hasAccess: true,
      drTrialId: null,
      user,
      researchOrganisation: centre,
    },
  ],
  currentEmployeeId: uuid(1, 6),
  permissions: ['subject_matrix', 'subjects_edit'],
  homePath: '/subjectmatrix',
};

const visitId = uuid(1, 7);
const subjectId = uuid(1, 8);
const subjectVisitId = uuid(1, 9);
const subjectFormId = uuid(1, 10);
const visitDate = '2026-01-20';
const createdAt = '2026-01-20T09:00:00.000Z';
const subjectRef = { id: subjectId, identificationNumber: '01-001', screeningNumber: 'S-001' };
const subject = {
  ...subjectRef,
  researchId,
  researchOrganisationId: centre.id,
  researchOrganisationNumber: '01',
  fullName: null,
  gender: 'Female',
  birthDate: '1980-01-01',
  screenDate: '2026-01-10',
  randomizationNumber: null,
  randomizationDate: null,
  status: 'Screened',
  isRandomised: false,
  isSigned: false,
  signDate: null,
  endDate: null,
  endReason: null,
  drTrialId: null,
  version: 1,
  createdAt,
  updatedAt: createdAt,
  subjectVisitList: [
    { id: subjectVisitId, visitId, date: visitDate, formCompletedStatus: 'Started', repeatIndex: 0, timing: 'onTime' },
  ],
};
const formBrief = {
  id: subjectFormId,
  subjectVisitId,
  form: {
    id: uuid(1, 11),
    title: 'Форма на 300 полей',
    index: 0,
    repeating: false,
    employeeTypesList: ['PrincipalInvestigator'],
  },
  repeatedIndex: 0,
  contextSubjectFormFieldId: null,
  isComplete: false,
  qaValidate: false,
  qaValidateDate: null,
  dmValidate: false,
  dmValidateDate: null,
  kioValidate: false,
  kioValidateDate: null,
  sectionCount: SECTIONS,
  completedSectionCount: 0,
  progress: 0,
  pointList: [],
  canEdit: true,
  version: 1,
  createdAt,
};
const visitPage = {
  id: subjectVisitId,
  subjectId,
  visitId,
  date: visitDate,
  formCompletedStatus: 'Started',
  signDate: null,
  startValidatingDate: null,
  repeatIndex: 0,
  timing: 'onTime',
  window: { target: visitDate, from: '2026-01-18', to: '2026-01-22' },
  visit: {
    id: visitId,
    title: 'Скрининг',
    visitTypeString: 'Screening',
    index: 0,
    repeating: false,
    dayNumber: 0,
    dayPlus: 2,
    dayMinus: 2,
  },
  researchOrganisationVersion: null,
  researchVersion: null,
  description: null,
  pointList: [],
  completeMessage: null,
  completedAt: null,
  subject: { ...subjectRef, gender: 'Female' },
  subjectFormList: [formBrief],
  linkedSubjectFormList: [],
  availableFormList: [],
  missingRequiredFormList: [],
  signature: null,
  canSign: false,
  canAddForms: true,
};

// The field mix: by the field's place in its section, text, number, select, checkbox and date in turn; every
// second field holds a value; some are required, some numbers ask for clinical significance (a MUI select),
// some fields for a comment (a MUI text field), every number has a reference range (a tenth of the values
// outside it) and units.
const TYPES = ['Text', 'Number', 'Select', 'Checkbox', 'Date'] as const;
const OPTIONS = ['Нет', 'Да', 'Не известно', 'Не применимо'];
const valueOf = (type: (typeof TYPES)[number], i: number) =>
  ({
    Text: `Значение ${i + 1}`,
    Number: i % 10 === 1 ? '150' : '120.5',
    Select: OPTIONS[i % OPTIONS.length]!,
    Checkbox: i % 3 ? 'true' : 'false',
    Date: visitDate,
  })[type];
const sections = Array.from({ length: SECTIONS }, (_, s) => {
  const sectionId = uuid(s + 1, 12);
  return {
    id: sectionId,
    subjectFormId,
    formSection: { id: uuid(s + 1, 13), sectionName: `Секция ${s + 1}`, description: null, index: s, pointList: [] },
    status: null,
    statusMessage: null,
    isComplete: false,
    completeDate: null,
    completeBy: null,
    comment: null,
    qaValidate: false,
    dmValidate: false,
    version: 1,
    subjectFormSectionStatusLogList: [],
    subjectFormFieldList: Array.from({ length: FIELDS_PER_SECTION }, (_, i) => {
      const n = s * FIELDS_PER_SECTION + i + 1;
      const type = TYPES[i % TYPES.length]!;
      const id = uuid(n, 14);
      return {
        id,
        formFieldId: uuid(n, 15),
        parentSubjectFormFieldId: null,
        isHidden: false,
        formField: {
          id: uuid(n, 15),
          text: `Поле ${s + 1}.${i + 1}: ${type}`,
          textBefore: i % 7 === 0 ? 'Результат' : null,
          textAfter: null,
          isRequired: i % 4 === 0,
          mask: null,
          regExMask: null,
          dataLink: null,
          clinicalSignificance: type === 'Number' && i % 20 === 1,
          comment: i % 25 === 3 ? 'Комментарий' : null,
          units: type === 'Number' ? 'мм рт. ст.' : null,
          contextFormId: null,
          contextText: null,
          parentFormFieldId: null,
          parentVisibleRule: null,
          index: i,
          field: {
            id: uuid(n, 16),
            title: `Поле ${n}`,
            fieldType: type,
            units: null,
            optionList: type === 'Select' ? OPTIONS : [],
            defaultOption: null,
          },
        },
        itemData:
          i % 2 === 0
            ? {
                id: uuid(n, 17),
                subjectFormFieldId: id,
                data: valueOf(type, i),
                comment: null,
                clinicalSignificanceString: null,
                reasonForChange: null,
                documentId: null,
                createdAt,
                createdBy: { id: user.id, fullName: 'User Bench', employeeType: 'PrincipalInvestigator' },
              }
            : null,
        referenceRange: type === 'Number' ? { minReference: 60, maxReference: 140, errorMessage: null } : null,
      };
    }),
  };
});
const formReply = {
  ...formBrief,
  subject: subjectRef,
  subjectVisit: { id: subjectVisitId, date: visitDate, title: 'Скрининг', signDate: null },
  subjectFormSectionList: sections,
  subjectFormLogList: [{ status: 'Created', date: createdAt }],
};
const replies: Record<string, unknown> = {
  '/api/Users/me': { data: me },
  [`/api/SubjectsVisit/${subjectVisitId}`]: { data: visitPage },
  [`/api/Subjects/${subjectId}`]: { data: subject },
  [`/api/SubjectsForm/${subjectFormId}`]: { data: formReply },
  '/api/SubjectVisitDocuments': { data: [] },
  [`/api/Researches/${researchId}`]: { data: { ...research, groupList: ['A', 'B'] } },
};

const { browser, context, missing } = await launchWebApp((request, url) => {
  if (url.pathname === '/api/ItemData' && request.method() === 'POST') {
    // A typed value saved when its field loses focus: stored as sent.
    const sent = request.postDataJSON() as { subjectFormFieldId: string; data: string | null };
    const itemData = {
      id: uuid(1, 18),
      ...sent,
      comment: null,
      clinicalSignificanceString: null,
      reasonForChange: null,
      documentId: null,
      createdAt,
      createdBy: { id: user.id, fullName: 'User Bench', employeeType: 'PrincipalInvestigator' },
    };
    return { status: 201, body: { data: { itemData, visibility: [] } } };
  }
  const body = replies[url.pathname];
  return body ? { body } : undefined;
});
// The page's instruments: the keystrokes (bench/support.ts) and the click on the form card, each to the frame
// painted after it.
await installKeystrokeProbe(context);
await context.addInitScript(() => {
  type Bench = { clickAt: number | null; painted: number | null; counting: boolean; commits: number; rowRenders: number };
  const b: Bench = { clickAt: null, painted: null, counting: false, commits: 0, rowRenders: 0 };
  (window as unknown as { __bench: Bench }).__bench = b;
  const afterPaint = (done: () => void) => requestAnimationFrame(() => setTimeout(done, 0));
  window.addEventListener(
    'click',
    (e) => {
      if (!(e.target instanceof Element) || !e.target.closest('[data-testid="subject-form-card"]')) return;
      b.clickAt = performance.now();
      b.painted = null;
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('[data-testid="field-row"]').length < 100) return;
        observer.disconnect();
        afterPaint(() => (b.painted = performance.now()));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    },
    true,
  );
  // A minimal React DevTools hook: counts commits and the field rows that rendered in them while `counting`.
  type Fiber = { child: Fiber | null; sibling: Fiber | null; return: Fiber | null; flags: number; memoizedProps: unknown };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (!b.counting) return;
      b.commits += 1;
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const f = stack.pop()!;
        const props = f.memoizedProps as { 'data-testid'?: unknown } | null;
        // The row's <div data-testid="field-row">; its owner (the memoised FieldRow) has PerformedWork (1) when it rendered.
        if (props && typeof props === 'object' && props['data-testid'] === 'field-row' && f.return && f.return.flags & 1) {
          b.rowRenders += 1;
        }
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
      }
    },
  };
});
const page = await context.newPage();
const rows = page.getByTestId('field-row');
const card = page.getByTestId('subject-form-card').getByRole('button');
const closeButton = page
  .getByRole('dialog')
  .getByRole('button', { name: /закрыть/i })
  .first();

/** Clicks the form card and returns [click → painted, reply → painted] (the second null when no request was made). */
async function openForm(): Promise<[number, number | null]> {
  await card.click();
  const handle = await page.waitForFunction(
    (id) => {
      const b = (window as unknown as { __bench: { clickAt: number | null; painted: number | null } }).__bench;
      if (b.painted === null || b.clickAt === null) return null;
      const reply = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes(`/api/SubjectsForm/${id}`) && e.startTime >= b.clickAt!)
        .at(-1) as PerformanceResourceTiming | undefined;
      return [b.painted - b.clickAt, reply ? b.painted - reply.responseEnd : null];
    },
    subjectFormId,
    { polling: 50 },
  );
  return (await handle.jsonValue()) as [number, number | null];
}

const openSamples: number[] = [];
const afterReplySamples: number[] = [];
const reopenSamples: number[] = [];
for (let run = 0; run < RUNS + WARM_UP; run += 1) {
  await page.goto(`${ORIGIN}/subjectVisit/${subjectVisitId}`);
  await card.waitFor();
  const [total, afterReply] = await openForm();
  if ((await rows.count()) !== FIELDS_PER_SECTION) throw new Error(`expected ${FIELDS_PER_SECTION} rows`);
  // The same form again in this page: its reply is cached (staleTime Infinity), so only rendering is left.
  await closeButton.click();
  await rows.first().waitFor({ state: 'detached' });
  const [again] = await openForm();
  if (run < WARM_UP) continue; // the first loads warm the browser's caches
  openSamples.push(total);
  if (afterReply !== null) afterReplySamples.push(afterReply);
  reopenSamples.push(again);
}
const inputs = await page.locator('[data-testid="field-row"] .field-input').count();
const muiFields = await page.locator('[data-testid="field-row"] .MuiTextField-root').count();
console.log(
  `form: ${SECTIONS} sections × ${FIELDS_PER_SECTION} fields, ${await rows.count()} rows shown, ${inputs} inputs, ${muiFields} MUI text fields`,
);

// Keystrokes: a text field (a textarea without a mask) gets letters; a number field gets a digit and Backspace in
// turn, so that every keystroke changes the value. The fields are empty ones (a field leaving focus saves what
// was typed, and changing a stored value would ask for a reason); the number field keeps its stored value.
async function keystrokes(type: 'Text' | 'Number', count: number, nth = 1): Promise<number[]> {
  const input = page.locator(`[data-testid="field-row"][data-type="${type}"] .field-input`).nth(nth);
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  await page.keyboard.press('End');
  const keys = Array.from({ length: count }, (_, i) => (type === 'Text' ? 'abcdefghij'[i % 10]! : i % 2 ? 'Backspace' : '7'));
  return timeKeystrokes(page, keys);
}
await keystrokes('Text', 5); // warm-up
const textKeys = await keystrokes('Text', KEYSTROKES);
const numberKeys = await keystrokes('Number', KEYSTROKES);

// React's work per keystroke: commits and field rows rendered, over 10 keystrokes in a text field.
await page.evaluate(() =>
  Object.assign((window as unknown as { __bench: object }).__bench, { counting: true, commits: 0, rowRenders: 0 }),
);
await keystrokes('Text', 10, 3);
const counts = await page.evaluate(() => {
  const b = (window as unknown as { __bench: { counting: boolean; commits: number; rowRenders: number } }).__bench;
  b.counting = false;
  return { commits: b.commits, rowRenders: b.rowRenders };
});

// The baseline: the opened dialog's markup as static HTML (emotion's styles stay in the head), inserted and
// painted with no React, and a keystroke in a plain textarea of that copy.
const html = await page.evaluate(() => document.querySelector('.MuiDialog-root')!.outerHTML);
await closeButton.click();
await rows.first().waitFor({ state: 'detached' });
const staticSamples: number[] = [];
for (let run = 0; run < RUNS + WARM_UP; run += 1) {
  const ms = await page.evaluate(
    (markup) =>
      new Promise<number>((resolve) => {
        document.getElementById('bench-static')?.remove();
        requestAnimationFrame(() =>
          setTimeout(() => {
            const t0 = performance.now();
            const holder = document.createElement('div');
            holder.id = 'bench-static';
            holder.innerHTML = markup;
            document.body.append(holder);
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
          }, 0),
        );
      }),
    html,
  );
  if (run >= WARM_UP) staticSamples.push(ms);
}
await keystrokes('Text', 5);
const staticKeys = await keystrokes('Text', KEYSTROKES);
await browser.close();

if (missing.size) console.log(`API calls answered 404 (not mocked): ${[...missing].join(', ')}`);
console.log(
  `React per keystroke (10 in a text field): ${(counts.commits / 10).toFixed(1)} commits, ${(counts.rowRenders / 10).toFixed(1)} field rows rendered`,
);
const name = `subject form ${SECTIONS}×${FIELDS_PER_SECTION} fields`;
const openOk = report(
  `${name}: click on the form card → ${FIELDS_PER_SECTION} rows painted (reply mocked)`,
  openSamples,
  RENDER_BUDGET_MS,
);
report(`${name}: of which GET /api/SubjectsForm reply → rows painted`, afterReplySamples);
report(`${name}: reopened in the same page (reply cached) click → rows painted`, reopenSamples);
report(`baseline: the same dialog as static HTML, innerHTML → painted`, staticSamples);
const textOk = report(`${name}: keystroke in a text field, keydown → painted`, textKeys, KEY_BUDGET_MS);
const numberOk = report(`${name}: keystroke in a number field, keydown → painted`, numberKeys, KEY_BUDGET_MS);
report(`baseline: keystroke in a plain textarea of the static copy, keydown → painted`, staticKeys);
process.exit(openOk && textOk && numberOk ? 0 : 1);
