import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type monitoringVisitSubjectsQuery, type SubjectWithVisits } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { monitoringVisitSubjectVisits, subjects, subjectVisits } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { findCentre } from '../centres/centres.queries.js';
import { seesGroup } from '../subjects/subjects.policy.js';
import { countSubjects, listSubjects, subjectsWhere } from '../subjects/subjects.repo.js';
import { jsonItems } from '../../platform/http/json-text.js';
import { assertHasMonitoringView, assertSeesMonitoringVisit } from './monitoring-visits.policy.js';
import { findMonitoringVisit, linksOf } from './monitoring-visits.repo.js';

/** The subjects owning a chosen visit of the monitoring visit (the link table's key starts with the monitoring visit). */
const chosenSubjects = (monitoringVisitId: string) =>
  inArray(
    subjects.id,
    sql`(select ${subjectVisits.subjectId} from ${subjectVisits} join ${monitoringVisitSubjectVisits} on ${monitoringVisitSubjectVisits.subjectVisitId} = ${subjectVisits.id} where ${monitoringVisitSubjectVisits.monitoringVisitId} = ${monitoringVisitId} and ${subjectVisits.deletedAt} is null)`,
  );

async function centreFilter(db: Db, researchId: string, centreId: string | undefined): Promise<string | null> {
  if (!centreId) return null;
  const centre = await findCentre(db, centreId);
  if (!centre || centre.researchId !== researchId) throw notFound('researchOrganisationId');
  return centre.id;
}

/**
 * GET /Subjects/MonitoringVisit/{id} (spec operations sections 2 and 7): one page of the subjects a
 * monitoring visit covers — every subject of its site, or the subjects of its chosen visits — each with the
 * visit cells the monitor reviews (all of the site's, or only the chosen ones). Seen by the visit's planners
 * and its team (a monitor not on the team: 404); blinded callers get no randomisation group.
 */
export async function monitoringVisitSubjects(
  deps: Deps,
  id: string,
  q: z.infer<typeof monitoringVisitSubjectsQuery>,
  caller: ActorCaller,
) {
  const { db } = deps;
  const { actor } = caller;
  assertHasMonitoringView(actor);
  const visit = await findMonitoringVisit(db, id);
  const links = visit ? await linksOf(db, id) : { monitorList: [], subjectVisitIdList: [] };
  assertSeesMonitoringVisit(actor, visit, !!actor.employee && links.monitorList.includes(actor.employee.id));
  const filterCentre = await centreFilter(db, visit!.researchId, q.researchOrganisationId);
  const page = { page: q.Page ?? q.page ?? 1, pageSize: q.PageSize ?? q.pageSize ?? DEFAULT_PAGE_SIZE };
  const site = visit!.siteId;
  const centreId = site ?? filterCentre;
  const where = and(
    subjectsWhere({ researchId: visit!.researchId, centreId, empty: !!site && !!filterCentre && filterCentre !== site }, q),
    site ? undefined : chosenSubjects(id),
  );
  const total = await countSubjects(db, where);
  const rows = await listSubjects(db, where, q, page, total, seesGroup(actor));
  if (site) return pageOf(jsonItems<SubjectWithVisits>(rows), total, page);
  const chosen = new Set(links.subjectVisitIdList);
  const data = rows.map((json) => {
    const row = JSON.parse(json) as SubjectWithVisits;
    return { ...row, subjectVisitList: row.subjectVisitList.filter((v) => chosen.has(v.id)) };
  });
  return pageOf(data, total, page);
}
