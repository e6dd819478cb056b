import type { z } from 'zod';
import type { design } from '@edc/domain';
import { formatVersionIndex } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import type { Actor } from '../../../platform/http/actor.js';
import { AppError } from '../../../platform/http/errors.js';
import type { ResearchRow } from '../shared/research.js';
import { versionsOf } from '../shared/versions.js';
import { OidRegistry, usableOid } from './odm-common.js';
import { buildOdm, loadVersionDesign } from './odm-export.js';
import { OdmFormatError, parseOdm, type OdmStudy } from './odm-parse.js';
import { repeatingFormOid, repeatingFormTitle, visitTypeOf } from './odm-plan.js';

type SameAs = z.infer<typeof design.odmSameAs>;

/** Each list of the difference stops here: the reply says the difference, not the whole file. */
const LIST_MAX = 200;

interface Entry {
  element: string;
  oid: string;
  name: string;
  type: string | null;
}

/**
 * The defined elements of a study by element and OID, with what a difference is told by: name and type. As the
 * import reads them: an event's type is the visit type it becomes, and a FormDef's repeating ItemGroupDef is a
 * FormDef of its own (odm-plan.ts), as the version's export writes it.
 */
function catalogueOf(odm: OdmStudy): Map<string, Entry> {
  const groups = new Map(odm.groups.map((g) => [g.oid, g]));
  const entries: Entry[] = [
    ...odm.events.map((e) => ({ element: 'StudyEventDef', oid: e.oid, name: e.name, type: visitTypeOf(e.category) })),
    ...odm.forms.map((f) => ({ element: 'FormDef', oid: f.oid, name: f.name, type: null })),
    ...odm.forms.flatMap((f) =>
      f.groupRefs
        .map((r) => groups.get(r.oid))
        .filter((g) => g?.repeating)
        .map((g) => ({
          element: 'FormDef',
          oid: repeatingFormOid(f.oid, g!.oid),
          name: repeatingFormTitle(f, g!),
          type: null,
        })),
    ),
    ...odm.groups.map((g) => ({ element: 'ItemGroupDef', oid: g.oid, name: g.name, type: null })),
    ...odm.items.map((i) => ({ element: 'ItemDef', oid: i.oid, name: i.name, type: i.dataType })),
    ...odm.codeLists.map((c) => ({ element: 'CodeList', oid: c.oid, name: c.name, type: c.dataType })),
  ];
  return new Map(entries.filter((e) => e.oid).map((e) => [`${e.element} ${e.oid}`, e]));
}

/**
 * The version of the research a file to import comes from again: one whose export has the file's Study OID and
 * shares the most element OIDs with it (the latest of equals), with what the file adds, removes and changes
 * (name or type) against it. Null when no version has the Study OID and an element OID in common. Only versions
 * of that Study OID are exported for the comparison.
 */
export async function sameVersionAs(db: Db, actor: Actor, research: ResearchRow, odm: OdmStudy): Promise<SameAs | null> {
  const ours = new OidRegistry().make('STUDY', research.researchKey || research.grlsProtocolNumber);
  const candidates = (await versionsOf(db, research.id)).filter(
    (v) => (usableOid(v.studyOid) ? v.studyOid : ours) === odm.studyOid,
  );
  if (!candidates.length) return null;
  const file = catalogueOf(odm);
  let best: { version: (typeof candidates)[number]; catalogue: Map<string, Entry>; common: number } | null = null;
  for (const version of candidates) {
    let catalogue: Map<string, Entry>;
    try {
      catalogue = catalogueOf(parseOdm(buildOdm(await loadVersionDesign(db, actor, version.id))));
    } catch (e) {
      // A version whose export this reader refuses (beyond its size limit) is not compared.
      if (e instanceof AppError || e instanceof OdmFormatError) continue;
      throw e;
    }
    const common = [...file.keys()].filter((k) => catalogue.has(k)).length;
    if (common > 0 && common >= (best?.common ?? 0)) best = { version, catalogue, common };
  }
  if (!best) return null;
  const { version, catalogue } = best;
  const ref = (e: Entry) => ({ element: e.element, oid: e.oid });
  const added = [...file].filter(([k]) => !catalogue.has(k)).map(([, e]) => ref(e));
  const removed = [...catalogue].filter(([k]) => !file.has(k)).map(([, e]) => ref(e));
  const changed = [...file]
    .filter(([k, e]) => {
      const before = catalogue.get(k);
      return before && (before.name !== e.name || before.type !== e.type);
    })
    .map(([k, e]) => {
      const before = catalogue.get(k)!;
      return {
        ...ref(e),
        ...(before.name !== e.name ? { name: { before: before.name, after: e.name } } : {}),
        ...(before.type !== e.type ? { type: { before: before.type ?? '', after: e.type ?? '' } } : {}),
      };
    });
  return {
    researchVersionId: version.id,
    index: formatVersionIndex(version),
    added: added.slice(0, LIST_MAX),
    removed: removed.slice(0, LIST_MAX),
    changed: changed.slice(0, LIST_MAX),
    truncated: Math.max(added.length, removed.length, changed.length) > LIST_MAX,
  };
}
