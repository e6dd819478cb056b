import { and, eq, isNull } from 'drizzle-orm';
import { subjectCreate, subjectEndWithReason, subjectRandomise, subjectVisitCreate } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import { subjects, visits } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { createSubject } from '../modules/subjects/subjects.service.js';
import { endSubject, randomiseSubject } from '../modules/subjects/subject-actions.service.js';
import { createSubjectVisit } from '../modules/subjects/subject-visits.service.js';

interface DemoSubject {
  screeningNumber: string;
  fullName: string;
  gender: 'Male' | 'Female';
  birthDate: string;
  /** Days before today of the screening. */
  screenedDaysAgo: number;
  /** Visit keys and the day after screening each took place. */
  visits: [key: string, day: number][];
  /** DEMO-001 has IWRS on: the number and the group come from its randomisation list. */
  randomise?: { day: number };
  screenFailure?: { day: number; reason: string };
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Subjects of the site 01 (as its principal investigator) and of site 02, in every early state. */
export const DEMO_SUBJECTS: Record<'site1' | 'site2', DemoSubject[]> = {
  site1: [
    {
      screeningNumber: 'S-001',
      fullName: 'Иванов Иван Иванович',
      gender: 'Male',
      birthDate: '1979-03-12',
      screenedDaysAgo: 45,
      visits: [
        ['SCR', 0],
        ['RND', 2],
        ['V1', 16],
      ],
      randomise: { day: 2 },
    },
    {
      screeningNumber: 'S-002',
      fullName: 'Петрова Мария Сергеевна',
      gender: 'Female',
      birthDate: '1986-07-30',
      screenedDaysAgo: 30,
      visits: [
        ['SCR', 0],
        ['RND', 1],
      ],
      randomise: { day: 1 },
    },
    {
      screeningNumber: 'S-003',
      fullName: 'Сидоров Алексей Петрович',
      gender: 'Male',
      birthDate: '1991-11-02',
      screenedDaysAgo: 20,
      visits: [['SCR', 0]],
      screenFailure: { day: 4, reason: 'Не соответствует критериям включения' },
    },
    {
      screeningNumber: 'S-004',
      fullName: 'Кузнецова Ольга Николаевна',
      gender: 'Female',
      birthDate: '1972-05-19',
      screenedDaysAgo: 6,
      visits: [['SCR', 0]],
    },
    { screeningNumber: 'S-005', fullName: '', gender: 'Male', birthDate: '1968-01-25', screenedDaysAgo: 1, visits: [] },
  ],
  site2: [
    {
      screeningNumber: 'S-101',
      fullName: 'Смирнова Анна Викторовна',
      gender: 'Female',
      birthDate: '1983-09-14',
      screenedDaysAgo: 10,
      visits: [['SCR', 0]],
    },
  ],
};

/** Creates the subjects of one centre through the subject services, as that centre's investigator. */
export async function seedDemoSubjects(deps: Deps, site: ActorCaller, list: DemoSubject[]): Promise<void> {
  const researchId = site.actor.employee!.researchId;
  const rows = await deps.db
    .select({ id: visits.id, key: visits.visitKey })
    .from(visits)
    .where(and(eq(visits.researchId, researchId), isNull(visits.deletedAt)));
  const visitId = new Map(rows.map((v) => [v.key, v.id]));
  // Every action on a subject names the version it is based on.
  const versionOf = async (id: string) =>
    (await deps.db.select({ version: subjects.version }).from(subjects).where(eq(subjects.id, id)))[0]!.version;
  for (const s of list) {
    const on = (day: number) => daysAgo(s.screenedDaysAgo - day);
    const subject = await createSubject(
      deps,
      subjectCreate.parse({
        screeningNumber: s.screeningNumber,
        fullName: s.fullName,
        genderString: s.gender,
        birthDate: s.birthDate,
        screenDate: on(0),
      }),
      site,
    );
    for (const [key, day] of s.visits) {
      if (key === 'RND' && s.randomise) {
        const r = s.randomise;
        await randomiseSubject(
          deps,
          subject.id,
          subjectRandomise.parse({
            randomizationDate: on(r.day),
            version: await versionOf(subject.id),
          }),
          site,
        );
      }
      await createSubjectVisit(
        deps,
        subjectVisitCreate.parse({ subjectId: subject.id, visitId: visitId.get(key)!, date: on(day) }),
        site,
      );
    }
    if (s.screenFailure) {
      const f = s.screenFailure;
      await endSubject(
        deps,
        subject.id,
        'Failed',
        subjectEndWithReason.parse({ endDate: on(f.day), endReason: f.reason, version: await versionOf(subject.id) }),
        site,
      );
    }
  }
}
