import { sql } from 'drizzle-orm';
import { subjects, subjectVisits, visits } from '../../platform/db/schema/index.js';

/**
 * A subject visit is overdue when held after its window closes: the visit's day counted from the
 * randomisation date (from the screening date for the screening visit or an unrandomised subject), plus
 * dayPlus. The rule of visitWindow and visitTiming in packages/domain, in SQL so that the statistic counts
 * a whole research in one query (the API tests compare it with the matrix cells, timed in TypeScript).
 * Needs subject_visits joined to its visit and its subject.
 */
export const overdueSql = sql<boolean>`(${subjectVisits.date} > (case when ${visits.visitType} <> 'Screening' and ${subjects.randomizationDate} is not null then ${subjects.randomizationDate} else ${subjects.screenDate} end) + ${visits.dayNumber} + ${visits.dayPlus})`;
