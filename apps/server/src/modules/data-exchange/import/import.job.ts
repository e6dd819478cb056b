import type { JobHandler } from '../../../platform/jobs/jobs.js';

/** The clinical_import job: reads the ODM file's ClinicalData into the research (or only reports, in a dry run). */
export const importJob: JobHandler = async () => {
  throw new Error('the clinical data import is not built yet');
};
