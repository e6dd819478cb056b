import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { OidRegistry } from '../../design/odm/odm-common.js';
import type { ExportDesign } from './export-design.js';
import { uuids } from '../../../platform/db/id-arrays.js';
import { formWhere, rowsOf, subjectWhere, type ExportScope } from './export-scope.js';
import { attrs, xmlText } from './xml-text.js';

/**
 * The AdminData of a ClinicalData export: the sites of its subjects (Location, OID made from the centre
 * number), and with audit records or signatures the users they name (User, OID `USR.<user id>`) and one
 * SignatureDef per signature meaning. ODM puts AdminData before ClinicalData, so these are read first.
 */
export interface OdmAdmin {
  locationOf: Map<string, string>;
  userOid(userId: string | null): string;
  signatureDefOf: Map<string, string>;
  xml: string;
}

/** The user of a value written by no one known (the system): still a User, as AuditRecord needs a UserRef. */
const UNKNOWN_USER = 'USR.UNKNOWN';
const LEGAL_REASON = 'Electronic signature under 21 CFR Part 11 (11.50, 11.70, 11.200)';

export async function loadOdmAdmin(
  db: Db,
  design: ExportDesign,
  scope: ExportScope,
  opts: { audit: boolean; signatures: boolean; today: string },
): Promise<OdmAdmin> {
  const centres = await rowsOf<{ id: string; number: string; name: string }>(
    db,
    sql`select ro.id, ro.number, o.name
        from research_organisations ro join organisations o on o.id = ro.organisation_id
        where ro.research_id = ${scope.researchId}
          and exists (select 1 from subjects s where s.research_organisation_id = ro.id and ${subjectWhere(scope)})
        order by ro.number, ro.id`,
  );
  const registry = new OidRegistry();
  const locationOf = new Map(centres.map((c) => [c.id, registry.make('LOC', c.number)]));

  const userIds = new Set<string | null>();
  const printedName = new Map<string, string>();
  if (opts.audit) {
    const writers = await rowsOf<{ userId: string | null }>(
      db,
      sql`select distinct d.created_by as "userId"
          from subject_forms sf
          join subjects s on s.id = sf.subject_id
          join subject_visits sv on sv.id = sf.subject_visit_id
          join subject_form_fields sff on sff.subject_form_id = sf.id and not sff.is_hidden
          join item_data d on d.subject_form_field_id = sff.id
          where sf.research_id = ${scope.researchId} and ${subjectWhere(scope)} and ${formWhere(scope)}`,
    );
    for (const w of writers) userIds.add(w.userId);
  }
  const meanings: string[] = [];
  if (opts.signatures) {
    const signers = await rowsOf<{ userId: string; printedName: string; meaning: string }>(
      db,
      sql`select sg.signer_user_id as "userId", sg.printed_name as "printedName", sg.meaning
          from signatures sg join subjects s on s.id = sg.subject_id
          where ${subjectWhere(scope)}
          order by sg.signed_at, sg.id`,
    );
    for (const s of signers) {
      userIds.add(s.userId);
      // The name they signed with last: what 21 CFR 11.50 shows beside a signature.
      printedName.set(s.userId, s.printedName);
      if (!meanings.includes(s.meaning)) meanings.push(s.meaning);
    }
  }
  const known = [...userIds].filter((id): id is string => !!id);
  const users = known.length
    ? await rowsOf<{ id: string; email: string; name: string }>(
        db,
        sql`select id, email, trim(concat_ws(' ', last_name, first_name, patronymic)) as name
            from users where id = any(${uuids(known)}) order by id`,
      )
    : [];
  const signatureDefOf = new Map(meanings.map((m, i) => [m, `SD.${i + 1}`]));

  let xml = `<AdminData${attrs({ StudyOID: design.studyOid })}>\n`;
  for (const u of users) {
    xml += `<User${attrs({ OID: `USR.${u.id}` })}><LoginName>${xmlText(u.email)}</LoginName>`;
    xml += `<FullName>${xmlText(printedName.get(u.id) ?? u.name)}</FullName></User>\n`;
  }
  if (userIds.has(null) || known.length > users.length) xml += `<User OID="${UNKNOWN_USER}"/>\n`;
  for (const c of centres) {
    xml += `<Location${attrs({ OID: locationOf.get(c.id), Name: `${c.number} ${c.name}`, LocationType: 'Site' })}>`;
    xml += `<MetaDataVersionRef${attrs({
      StudyOID: design.studyOid,
      MetaDataVersionOID: design.mdvOid,
      EffectiveDate: design.effectiveDate ?? opts.today,
    })}/></Location>\n`;
  }
  for (const [meaning, oid] of signatureDefOf) {
    xml += `<SignatureDef${attrs({ OID: oid, Methodology: 'Electronic' })}><Meaning>${xmlText(meaning)}</Meaning>`;
    xml += `<LegalReason>${xmlText(LEGAL_REASON)}</LegalReason></SignatureDef>\n`;
  }
  xml += '</AdminData>\n';
  const listed = new Set(users.map((u) => u.id));
  return {
    locationOf,
    userOid: (id) => (id && listed.has(id) ? `USR.${id}` : UNKNOWN_USER),
    signatureDefOf,
    xml,
  };
}
