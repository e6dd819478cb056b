import type { JobHandler } from '../../../platform/jobs/jobs.js';

/** The data_export job: writes the requested dataset and stores it as a document of type Dataset. */
export const exportJob: JobHandler = async () => {
  throw new Error('the dataset export is not built yet');
};
