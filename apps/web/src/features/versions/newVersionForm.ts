import { z } from 'zod';
import { dateText } from '../../shared/forms/dateText';
import { formResolver } from '../../shared/forms/zodI18n';

/**
 * The inputs of a new research version, created empty (POST /ResearchVersions) or from an ODM file
 * (POST /ResearchVersions/ImportOdm): index, start date (typed as DD.MM.YYYY, sent as YYYY-MM-DD), description.
 */
const versionIndex = z.coerce.number<unknown>().int().min(0).max(9999);
export const newVersionForm = z.object({
  majorIndex: versionIndex,
  minorIndex: versionIndex,
  startedDate: dateText(),
  description: z.string().trim().max(4000),
});
export type NewVersionInput = z.input<typeof newVersionForm>;
export type NewVersionOutput = z.output<typeof newVersionForm>;
export const newVersionResolver = formResolver(newVersionForm);
/** Paths of the server's errors shown under these inputs. */
export const NEW_VERSION_FIELDS = ['majorIndex', 'minorIndex', 'startedDate', 'description'] as const;
