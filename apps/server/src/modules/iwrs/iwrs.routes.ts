import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  emergencyUnblind,
  emergencyUnblinding,
  emergencyUnblindingsQuery,
  medication,
  medicationDispenseOutcome,
  medicationImport,
  medicationImportReply,
  medicationsQuery,
  medicationStatusChange,
  medicationStock,
  randomisationEntriesQuery,
  randomisationEntry,
  randomisationListGenerate,
  randomisationListSummary,
  randomisationListUpload,
  randomisationListUploaded,
  randomisationStrata,
  stratumFieldOption,
  stratumFieldSet,
  stratumFieldsQuery,
  randomisationListVerify,
  shipment,
  shipmentCreate,
  shipmentsQuery,
  subjectDosing,
  subjectDosingCreate,
  subjectDosingsQuery,
  subjectDosingWithMedications,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as lists from './randomisation-lists.service.js';
import * as strata from './randomisation-strata.service.js';
import * as kits from './medications.service.js';
import * as supply from './shipments.service.js';
import * as dosings from './dosings.service.js';
import * as unblinding from './emergency-unblinding.service.js';

/** A list or kit file (CSV text or XLSX in base64) of up to 8 MB, with room for the JSON around it. */
const FILE_BODY_LIMIT = 9 * 1024 * 1024;

/**
 * The IWRS (docs/iwrs.md): randomisation lists, kits (/Medication), shipments and dosings
 * (/SubjectDosing, spec operations section 7). Who may call what is decided in the services (iwrs.policy.ts).
 */
export function iwrsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const params = common.idParams;
  const saved = (req: Parameters<typeof actorCallerOf>[0]) => successMessage('saved', actorCallerOf(req).lang);

  // ------------------------------------------------------------------------- randomisation lists
  const listTags = ['RandomisationLists'];
  r.get(
    '/RandomisationLists',
    { schema: { tags: listTags, response: { 200: envelope(z.array(randomisationListSummary)) } } },
    async (req) => ({
      data: await lists.listSummaries(app.deps, actorCallerOf(req)),
    }),
  );
  r.post(
    '/RandomisationLists/Generate',
    { schema: { tags: listTags, body: randomisationListGenerate, response: { 200: envelope(randomisationListSummary) } } },
    async (req) => ({ data: await lists.generateList(app.deps, req.body, actorCallerOf(req)), message: saved(req) }),
  );
  r.post(
    '/RandomisationLists/Upload',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: { tags: listTags, body: randomisationListUpload, response: { 200: envelope(randomisationListUploaded) } },
    },
    async (req) => ({ data: await lists.uploadList(app.deps, req.body, actorCallerOf(req)), message: saved(req) }),
  );
  r.get(
    '/RandomisationLists/:id/Entries',
    { schema: { tags: listTags, params, querystring: randomisationEntriesQuery, response: { 200: paged(randomisationEntry) } } },
    async (req) => lists.listEntries(app.deps, req.params.id, req.query, actorCallerOf(req)),
  );
  r.post(
    '/RandomisationLists/:id/Verify',
    { schema: { tags: listTags, params, response: { 200: envelope(randomisationListVerify) } } },
    async (req) => ({ data: await lists.verifyList(app.deps, req.params.id, actorCallerOf(req)) }),
  );
  // Strata by a subject field: the factor, and used/remaining per stratum (docs/iwrs.md, "Lists and strata").
  r.get(
    '/RandomisationStrata',
    { schema: { tags: listTags, response: { 200: envelope(randomisationStrata) } } },
    async (req) => ({ data: await strata.strataSummary(app.deps, actorCallerOf(req)) }),
  );
  r.get(
    '/RandomisationStrata/Fields',
    { schema: { tags: listTags, querystring: stratumFieldsQuery, response: { 200: envelope(z.array(stratumFieldOption)) } } },
    async (req) => ({ data: await strata.stratumFieldOptions(app.deps, req.query, actorCallerOf(req)) }),
  );
  r.put(
    '/RandomisationStrata/Field',
    { schema: { tags: listTags, body: stratumFieldSet, response: { 200: envelope(randomisationStrata) } } },
    async (req) => ({ data: await strata.setStratumField(app.deps, req.body, actorCallerOf(req)), message: saved(req) }),
  );

  // ----------------------------------------------------------------------------- kits (medications)
  const kitTags = ['Medication'];
  r.get(
    '/Medication',
    { schema: { tags: kitTags, querystring: medicationsQuery, response: { 200: paged(medication) } } },
    async (req) => kits.listKits(app.deps, req.query, actorCallerOf(req)),
  );
  r.get(
    '/Medication/Stock',
    { schema: { tags: kitTags, response: { 200: envelope(z.array(medicationStock)) } } },
    async (req) => ({
      data: await kits.kitStock(app.deps, actorCallerOf(req)),
    }),
  );
  r.post(
    '/Medication/Import',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: { tags: kitTags, body: medicationImport, response: { 200: envelope(medicationImportReply) } },
    },
    async (req) => ({ data: await kits.importKits(app.deps, req.body, actorCallerOf(req)), message: saved(req) }),
  );
  r.post(
    '/Medication/Expire',
    { schema: { tags: kitTags, response: { 200: envelope(z.object({ expired: z.number() })) } } },
    async (req) => ({ data: await kits.expireResearchKits(app.deps, actorCallerOf(req)) }),
  );
  r.get('/Medication/:id', { schema: { tags: kitTags, params, response: { 200: envelope(medication) } } }, async (req) => ({
    data: await kits.getKit(app.deps, req.params.id, actorCallerOf(req)),
  }));
  r.post(
    '/Medication/:id/Status',
    { schema: { tags: kitTags, params, body: medicationStatusChange, response: { 200: envelope(medication) } } },
    async (req) => ({
      data: await kits.changeKitStatus(app.deps, req.params.id, req.body, actorCallerOf(req)),
      message: saved(req),
    }),
  );

  // ------------------------------------------------------------------------------------- shipments
  const shipmentTags = ['Shipments'];
  r.get(
    '/Shipments',
    { schema: { tags: shipmentTags, querystring: shipmentsQuery, response: { 200: paged(shipment) } } },
    async (req) => supply.listShipments(app.deps, req.query, actorCallerOf(req)),
  );
  r.post(
    '/Shipments',
    { schema: { tags: shipmentTags, body: shipmentCreate, response: { 200: envelope(shipment) } } },
    async (req) => ({
      data: await supply.createShipment(app.deps, req.body, actorCallerOf(req)),
      message: saved(req),
    }),
  );
  r.post(
    '/Shipments/:id/Receive',
    { schema: { tags: shipmentTags, params, response: { 200: envelope(shipment) } } },
    async (req) => ({ data: await supply.receiveShipment(app.deps, req.params.id, actorCallerOf(req)), message: saved(req) }),
  );

  // --------------------------------------------------------------------------------------- dosings
  const dosingTags = ['SubjectDosing'];
  r.get(
    '/SubjectDosing',
    { schema: { tags: dosingTags, querystring: subjectDosingsQuery, response: { 200: paged(subjectDosing) } } },
    async (req) => dosings.listDosings(app.deps, req.query, actorCallerOf(req)),
  );
  r.post(
    '/SubjectDosing',
    { schema: { tags: dosingTags, body: subjectDosingCreate, response: { 200: envelope(subjectDosingWithMedications) } } },
    async (req) => ({ data: await dosings.dispense(app.deps, req.body, actorCallerOf(req)), message: saved(req) }),
  );
  r.get(
    '/SubjectDosing/:id/Medications',
    { schema: { tags: dosingTags, params, response: { 200: envelope(z.array(medication)) } } },
    async (req) => ({ data: await dosings.dosingMedications(app.deps, req.params.id, actorCallerOf(req)) }),
  );
  for (const [path, outcome] of [
    ['ConfirmDispense', 'confirmDispense'],
    ['MissedDispense', 'missDispense'],
  ] as const) {
    r.post(
      `/SubjectDosing/:id/Medication/:medicationId/${path}`,
      {
        schema: {
          tags: dosingTags,
          params: z.object({ id: common.id, medicationId: common.id }),
          body: medicationDispenseOutcome,
          response: { 200: envelope(z.array(medication)) },
        },
      },
      async (req) => ({
        data: await dosings.recordDispenseOutcome(
          app.deps,
          req.params.id,
          req.params.medicationId,
          outcome,
          req.body,
          actorCallerOf(req),
        ),
        message: saved(req),
      }),
    );
  }

  // --------------------------------------------------------------------------- emergency unblinding
  const unblindTags = ['EmergencyUnblinding'];
  r.post(
    '/Subjects/:id/EmergencyUnblind',
    { schema: { tags: unblindTags, params, body: emergencyUnblind, response: { 200: envelope(emergencyUnblinding) } } },
    async (req) => ({
      data: await unblinding.unblindSubject(app.deps, req.params.id, req.body, actorCallerOf(req)),
      message: saved(req),
    }),
  );
  r.get(
    '/EmergencyUnblindings',
    { schema: { tags: unblindTags, querystring: emergencyUnblindingsQuery, response: { 200: paged(emergencyUnblinding) } } },
    async (req) => unblinding.listUnblindings(app.deps, req.query, actorCallerOf(req)),
  );
}
