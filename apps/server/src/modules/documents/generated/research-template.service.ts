import { makesTemplates } from '@edc/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DocumentStatusReply, ResearchTemplateGenerate } from '@edc/domain';
import { protocolVersions, visitResearchVersions, visits } from '../../../platform/db/schema/index.js';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import { findVersion } from '../../design/research-versions/research-versions.queries.js';
import { startGeneration } from './generated-documents.js';
import { templateName } from './research-template-pdf.js';

/** What the research_template job is given (jobs.params). */
export interface ResearchTemplateParams {
  documentId: string;
  researchVersionId: string;
  protocolVersionId: string | null;
  visitIds: string[];
  timeZone: string;
}

/**
 * Who makes and reads a research's template: documents_settings in the research (administrators), or an
 * employee of the research of an admin or qa organisation.
 */
export function readsTemplate(actor: Actor, researchId: string): boolean {
  if (canInResearch(actor, 'documents_settings', researchId)) return true;
  return (
    actor.employee?.researchId === researchId &&
    makesTemplates({ documentsAdmin: false, organisationType: actor.employee.organisationType })
  );
}

/**
 * POST /Researches/GenerateTemplate (docs/documents.md "Research template"): 404 naming researchVersionId for a
 * version unknown or of a research the caller is not in, 403 for those who do not make templates, 400 naming
 * protocolVersionId or visitIdList for a protocol version of another research or visits not in the version.
 */
export async function generateTemplate(
  deps: Deps,
  input: ResearchTemplateGenerate,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const actor = caller.actor;
  // Refused before the version is looked at: those who never make templates learn nothing of the ids.
  if (
    !makesTemplates({
      documentsAdmin: actor.permissions.has('documents_settings'),
      organisationType: actor.employee?.organisationType,
    })
  ) {
    throw forbidden();
  }
  const version = await findVersion(deps.db, input.researchVersionId, 'researchVersionId');
  if (actor.userRole !== 'Admin' && actor.employee?.researchId !== version.researchId) throw notFound('researchVersionId');
  if (!readsTemplate(actor, version.researchId)) throw forbidden();
  if (input.protocolVersionId) {
    const [protocol] = await deps.db
      .select({ id: protocolVersions.id })
      .from(protocolVersions)
      .where(
        and(
          eq(protocolVersions.id, input.protocolVersionId),
          eq(protocolVersions.researchId, version.researchId),
          isNull(protocolVersions.deletedAt),
        ),
      );
    if (!protocol) throw badRequest('template_unknown_ids', 'protocolVersionId');
  }
  const visitIds = [...new Set(input.visitIdList)];
  const found = await deps.db
    .select({ id: visits.id })
    .from(visitResearchVersions)
    .innerJoin(visits, eq(visits.id, visitResearchVersions.visitId))
    .where(and(eq(visitResearchVersions.researchVersionId, version.id), inArray(visits.id, visitIds), isNull(visits.deletedAt)));
  if (found.length !== visitIds.length) throw badRequest('template_unknown_ids', 'visitIdList');
  const name = input.name ?? templateName(caller.lang, `${version.majorIndex}.${version.minorIndex}`);
  const params: Omit<ResearchTemplateParams, 'documentId'> = {
    researchVersionId: version.id,
    protocolVersionId: input.protocolVersionId ?? null,
    visitIds,
    timeZone: caller.timeZone,
  };
  return startGeneration(deps, caller, {
    researchId: version.researchId,
    type: 'Template',
    kind: 'research_template',
    name,
    params,
    audit: { researchVersionId: version.id, protocolVersionId: params.protocolVersionId, visitIds },
    centreId: null,
  });
}
