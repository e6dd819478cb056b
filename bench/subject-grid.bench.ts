// Subject Matrix render budget (web app): in Chromium, the time from the GET /api/Subjects reply being
// read (performance mark 'subjects:reply', features/subjects/api.ts) to the rows of 50 subjects × 20
// visits being painted ('subjects:painted', features/subjects/SubjectGrid.tsx: the first frame after the
// rows commit): p95 ≤ 300 ms. The built app (apps/web/dist) is served and the API answered from memory,
// so only the browser's work is measured.
// Run: npm run build -w apps/web && npx tsx bench/subject-grid.bench.ts
// (BENCH_WEB_DIST=<folder> measures another build of the web app.)
import { benchUuid as uuid, launchWebApp, report, WEB_ORIGIN as ORIGIN } from './support.js';

const SUBJECTS = 50;
const VISITS = 20;
const RUNS = 15;
const BUDGET_MS = 300;
const statuses = ['Empty', 'Started', 'Completed', 'QaValidated', 'DmValidated', 'QaAndDmValidated', 'KioValidated'] as const;

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
const visits = Array.from({ length: VISITS }, (_, i) => ({
  id: uuid(i + 1, 7),
  researchId,
  title: i === 0 ? 'Скрининг' : `Визит ${i}`,
  description: null,
  visitKey: `V${i}`,
  visitTypeString: i === 0 ? 'Screening' : i === 1 ? 'Randomisation' : 'Period',
  dayNumber: i * 7,
  dayPlus: 2,
  dayMinus: 2,
  repeating: false,
  isRequired: false,
  complete: true,
  index: i,
  drTrialId: null,
  pointList: [],
  researchVersionList: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
}));
const subjects = Array.from({ length: SUBJECTS }, (_, n) => {
  const held = 1 + (n % VISITS);
  return {
    id: uuid(n + 1, 8),
    researchId,
    researchOrganisationId: centre.id,
    researchOrganisationNumber: '01',
    fullName: null,
    gender: n % 2 ? 'Male' : 'Female',
    birthDate: '1980-01-01',
    screenDate: '2026-01-10',
    screeningNumber: `S-${String(n + 1).padStart(3, '0')}`,
    randomizationNumber: held > 1 ? `R-${String(n + 1).padStart(3, '0')}` : null,
    identificationNumber: `01-${String(n + 1).padStart(3, '0')}`,
    randomizationDate: held > 1 ? '2026-01-20' : null,
    status: held > 1 ? 'Randomised' : 'Screened',
    isRandomised: held > 1,
    isSigned: false,
    signDate: null,
    endDate: null,
    endReason: null,
    drTrialId: null,
    version: 1,
    createdAt: '2026-01-10T00:00:00.000Z',
    updatedAt: '2026-01-10T00:00:00.000Z',
    subjectVisitList: visits.slice(0, held).map((v, i) => ({
      id: uuid(n * 100 + i + 1, 9),
      visitId: v.id,
      date: '2026-01-20',
      formCompletedStatus: statuses[(n + i) % statuses.length],
      repeatIndex: 0,
      timing: 'onTime',
    })),
  };
});
const replies: Record<string, unknown> = {
  '/api/Users/me': { data: me },
  '/api/Visits': { data: visits },
  '/api/Subjects': { data: subjects, page: 1, pageSize: 50, totalCount: 500 },
  '/api/Subjects/StatusCounts': {
    data: { counts: { Started: 0, Screened: 10, Randomised: 40, Failed: 0, End: 0, EndAheadSchedule: 0 }, total: 50 },
  },
  [`/api/Researches/${researchId}`]: { data: { ...research, groupList: ['A', 'B'] } },
};
const { browser, context } = await launchWebApp((_request, url) => {
  const body = replies[url.pathname];
  return body ? { body } : undefined;
});
await context.addInitScript(() => {
  sessionStorage.setItem('subjectMatrix.filters', JSON.stringify({ page: 1, pageSize: 50 }));
});

const page = await context.newPage();
const samples: number[] = [];
for (let run = 0; run < RUNS + 2; run += 1) {
  await page.goto(`${ORIGIN}/subjectmatrix`);
  await page
    .getByTestId('subject-row')
    .nth(SUBJECTS - 1)
    .waitFor();
  const ms = await page.waitForFunction(() => {
    const reply = performance.getEntriesByName('subjects:reply').at(-1);
    const painted = reply && performance.getEntriesByName('subjects:painted').find((m) => m.startTime >= reply.startTime);
    return painted ? painted.startTime - reply!.startTime : null;
  });
  const value = (await ms.jsonValue()) as number;
  if (run >= 2) samples.push(value); // the first loads warm the browser's caches
}
const rows = await page.getByTestId('subject-row').count();
const cells = await page.locator('[data-testid="subject-row"] td').count();
console.log(`grid: ${rows} rows, ${cells} cells`);
await browser.close();
const ok = report(`subject grid ${SUBJECTS}×${VISITS}: /api/Subjects reply → rows painted`, samples, BUDGET_MS);
process.exit(ok ? 0 : 1);
