import type { DocumentStatusReply, ResearchVersionsChangesGenerate } from '@edc/domain';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import { findVersion } from '../../design/research-versions/research-versions.queries.js';
import { startGeneration } from './generated-documents.js';
import { versionChangesName } from './version-changes-pdf.js';

/** What the version_changes job is given (jobs.params). */
export interface VersionChangesParams {
  documentId: string;
  firstVersionId: string;
  secondVersionId: string;
  timeZone: string;
}

/** Who makes and reads a research's version changes: `documents_settings` in that research (an admin-only type). */
export const readsVersionChanges = (actor: Actor, researchId: string) => canInResearch(actor, 'documents_settings', researchId);

/**
 * POST /ResearchVersions/GenerateResearchVersionsChanges (docs/documents.md "Research version changes"): two
 * versions of one research, the second later than the first (400 version_changes_order naming
 * secondVersionId; 404 for an unknown version); holders of documents_settings in the research (403).
 */
export async function generateVersionChanges(
  deps: Deps,
  input: ResearchVersionsChangesGenerate,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  if (!caller.actor.permissions.has('documents_settings')) throw forbidden();
  const first = await findVersion(deps.db, input.firstVersionId, 'firstVersionId');
  const second = await findVersion(deps.db, input.secondVersionId, 'secondVersionId');
  if (!readsVersionChanges(caller.actor, first.researchId)) throw notFound('firstVersionId');
  if (second.researchId !== first.researchId) throw notFound('secondVersionId');
  const later = second.majorIndex - first.majorIndex || second.minorIndex - first.minorIndex;
  if (later <= 0) throw badRequest('version_changes_order', 'secondVersionId');
  return startGeneration(deps, caller, {
    researchId: first.researchId,
    type: 'ResearchVersionChanges',
    kind: 'version_changes',
    name: versionChangesName(caller.lang, `${first.majorIndex}.${first.minorIndex}`, `${second.majorIndex}.${second.minorIndex}`),
    params: { firstVersionId: first.id, secondVersionId: second.id, timeZone: caller.timeZone },
    centreId: null,
  });
}
