import { z } from 'zod';
import { odmImportRequest } from './design.js';

/**
 * POST /ResearchVersions/ImportRedcapDictionary: a REDCap data dictionary (its CSV download) becomes a new
 * research version, as an ODM import does (docs/data-exchange.md "REDCap"); the reply is the ODM import's,
 * its `unmapped` listing first what the dictionary had that this system cannot hold, row by row.
 */
export const redcapImportRequest = odmImportRequest.omit({ xml: true, metaDataVersionOid: true }).extend({
  csv: z
    .string()
    .min(1)
    .max(5 * 1024 * 1024),
  /** The project's name, for the study's OID; by default the research's protocol number. */
  projectName: z.string().trim().min(1).max(200).optional(),
});
export type RedcapImportRequest = z.infer<typeof redcapImportRequest>;
