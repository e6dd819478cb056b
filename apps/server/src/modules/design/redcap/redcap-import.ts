import type { design, RedcapImportRequest } from '@edc/domain';
import type { z } from 'zod';
import type { Deps } from '../../../platform/deps.js';
import { badRequest } from '../../../platform/http/errors.js';
import type { DesignCaller } from '../shared/context.js';
import { researchIdOf, researchToChange } from '../shared/research.js';
import { importOdm } from '../odm/odm-import.js';
import { parseRedcapDictionary, RedcapFormatError } from './redcap-dictionary.js';
import { redcapDictionaryToOdm } from './redcap-odm.js';

/**
 * POST /ResearchVersions/ImportRedcapDictionary: the dictionary is turned into an ODM design
 * (redcap-odm.ts) and imported as any ODM file is, in one transaction; the reply lists what the dictionary
 * had that could not be carried, then what the ODM import could not.
 */
export async function importRedcapDictionary(
  deps: Deps,
  c: DesignCaller,
  input: RedcapImportRequest,
): Promise<z.infer<typeof design.odmImportReply>> {
  const research = await researchToChange(deps.db, c.actor, researchIdOf(c.actor, input.researchId));
  let fields;
  try {
    fields = parseRedcapDictionary(input.csv);
  } catch (e) {
    if (e instanceof RedcapFormatError) throw badRequest('redcap_invalid', 'csv', { detail: e.message });
    throw e;
  }
  const { csv: _csv, projectName, ...rest } = input;
  const { xml, unmapped } = redcapDictionaryToOdm(fields, projectName ?? research.grlsProtocolNumber, c.lang);
  const reply = await importOdm(deps, c, { ...rest, researchId: research.id, xml });
  return { ...reply, unmapped: [...unmapped, ...reply.unmapped] };
}
