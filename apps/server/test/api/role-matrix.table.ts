/**
 * The expected answers of role-matrix.test.ts: for each operation of the OpenAPI document, which demo
 * accounts (README, "Demo accounts") are permitted (`ok`), which get 404 because the sample object belongs
 * to another centre (`hidden`), and what everyone else gets (`others`, 403 unless said). Anonymous callers
 * get 401 unless `anonymous` says otherwise. The sample objects are the demo world's: research DEMO-001,
 * site 01 (site@demo.test, coresearcher@demo.test) and its first subject, visits and forms of the design.
 */
export const ACCOUNTS = ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio', 'multi'] as const;
export type Account = (typeof ACCOUNTS)[number];
export type Expected = 'ok' | 401 | 403 | 404;

export interface Entry {
  ok?: readonly Account[] | 'all';
  /** 404: the sample object is outside their view (another centre's, or another user's) */
  hidden?: readonly Account[];
  /** 403, when `others` is not */
  forbidden?: readonly Account[];
  others?: Expected;
  anonymous?: Expected;
  /** the call ends the caller's session: it gets a fresh one */
  freshSession?: boolean;
}

export function expectationOf(entry: Entry, who: Account | 'anonymous'): Expected {
  if (who === 'anonymous') return entry.anonymous ?? 401;
  if (entry.ok === 'all' || entry.ok?.includes(who)) return 'ok';
  if (entry.hidden?.includes(who)) return 404;
  if (entry.forbidden?.includes(who)) return 403;
  return entry.others ?? 403;
}

/** Deletions that others hang on, run last in this order. */
export const ORDER_LAST: string[] = ['DELETE /Organisations/{id}', 'DELETE /Users/{id}', 'DELETE /Researches/{id}'];

/** Operations whose sample object the demo world lacks (no organisation reference ranges, templates or documents): 404 for everyone who may look. */
export const ROLE_MATRIX: Record<string, Entry> = {
  'POST /Audit/Verifications': { ok: ['admin'] },
  'GET /Audit/Verifications': { ok: ['admin'] },
  // No run in the demo world: 404 for the administrator.
  'GET /Audit/Verifications/{id}': { ok: ['admin'] },
  'POST /Auth/RestorePassword': { ok: 'all', anonymous: 'ok' },
  // Public; the sample credentials are wrong, so everyone is refused alike.
  'POST /Auth/SignIn': { others: 401 },
  // Public; the sample credentials are wrong, so everyone is refused alike.
  'POST /Auth/SignInWithDrTrial': { others: 401 },
  'POST /Auth/SignOut': { ok: 'all', freshSession: true },
  'POST /Auth/SignUp': { ok: 'all', anonymous: 'ok' },
  'POST /Auth/SignUpWithOrganisation': { ok: 'all', anonymous: 'ok' },
  'POST /Auth/{id}/SetPassword': { ok: 'all', anonymous: 'ok' },
  'POST /Auth/{id}/SetPasswordWithCredentials': { ok: 'all', anonymous: 'ok' },
  'GET /Documents/{id}/File': { forbidden: ['multi'], others: 404 },
  // The demo world has no generated document: 404 for every subject reader, 403 for one with no subject view.
  'GET /Documents/{id}/Confidential': { forbidden: ['multi'], others: 404 },
  // The research's documents: its employees (common ones) and administrators; `multi` has no current research.
  'GET /Documents/Paged': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  // The demo world has no generated document: 404 for every subject reader, 403 for one with no subject view.
  'GET /Documents/{id}': { forbidden: ['multi'], others: 404 },
  // Everyone lists their own documents; `multi` has no current research (400).
  'GET /Documents/PersonalList': { ok: 'all' },
  // The demo world has no generated document: 404 for every subject reader, 403 for one with no subject view.
  'POST /Documents/{id}/ToggleVisible': { forbidden: ['multi'], others: 404 },
  'PUT /Documents/{id}/ToggleVisible': { forbidden: ['multi'], others: 404 },
  'DELETE /Documents/{id}': { forbidden: ['multi'], others: 404 },
  // Approvals (docs/documents.md "Approvals"): the sample is out for approval to site (site 01's PI) and qa.
  'GET /DocumentApprovals': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'GET /DocumentApprovals/Personal': { ok: 'all' },
  'GET /DocumentApprovals/Approvers': { ok: ['admin', 'editor'] },
  'GET /DocumentApprovals/{id}': { ok: ['admin', 'editor', 'site', 'qa'], others: 404 },
  // The sample body names no document of the research: 404 for the administrators, 403 for everyone else.
  'POST /DocumentApprovals': { ok: ['admin', 'editor'] },
  // The first listed approver approves, the second then gets 409 (permitted, too late).
  'PUT /DocumentApprovals/{id}/Approve': { ok: ['site', 'qa'], forbidden: ['admin', 'editor'], others: 404 },
  'PUT /DocumentApprovals/{id}/Reject': { ok: ['site', 'qa'], forbidden: ['admin', 'editor'], others: 404 },
  'DELETE /DocumentApprovals/{id}': { ok: ['admin', 'editor'], forbidden: ['site', 'qa'], others: 404 },
  'GET /DocumentApprovalNotes': { ok: ['admin', 'editor', 'site', 'qa'], others: 404 },
  'POST /DocumentApprovalNotes': { ok: ['site', 'qa'], forbidden: ['admin', 'editor'], others: 404 },
  'GET /Employees': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /Employees': { ok: ['admin', 'editor'] },
  'GET /Employees/Candidates': { ok: ['admin', 'editor'] },
  'GET /Employees/EmployeeTypeList': { ok: 'all' },
  'DELETE /Employees/{id}': { ok: ['admin', 'editor'] },
  'POST /Employees/{id}/SetCurrent': {},
  'POST /Employees/{id}/ToggleAccess': { ok: ['admin', 'editor'] },
  'GET /Fields': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /Fields': { ok: ['admin', 'editor'] },
  'DELETE /Fields/{id}': { ok: ['admin', 'editor'] },
  'GET /Fields/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /Fields/{id}': { ok: ['admin', 'editor'] },
  'GET /FormFields': { ok: 'all' },
  'POST /FormFields': { ok: ['admin', 'editor'] },
  'POST /FormFields/List': { ok: ['admin', 'editor'] },
  'GET /FormFields/Time': { ok: 'all' },
  'DELETE /FormFields/{id}': { ok: ['admin', 'editor'] },
  'GET /FormFields/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /FormFields/{id}': { ok: ['admin', 'editor'] },
  'POST /FormFields/{id}/ChangeIndex/{endIndex}': { ok: ['admin', 'editor'] },
  'POST /FormFields/{id}/CleanParentFormField': { ok: ['admin', 'editor'] },
  'POST /FormFields/{id}/SetChildFormField': { ok: ['admin', 'editor'] },
  'GET /Forms': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /Forms': { ok: ['admin', 'editor'] },
  'POST /Forms/FromTemplate': { others: 404 },
  'DELETE /Forms/{id}': { ok: ['admin', 'editor'] },
  'GET /Forms/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /Forms/{id}': { ok: ['admin', 'editor'] },
  'POST /Forms/{id}/ChangeIndex/{endIndex}': { ok: ['admin', 'editor'] },
  'POST /Forms/{id}/CopyFormList': { others: 404 },
  'POST /Forms/{id}/CopyToVisitList': { ok: ['admin', 'editor'] },
  'POST /Forms/{id}/SplitVersion/{n}': { hidden: ['admin', 'editor'] },
  'POST /Forms/{id}/ToggleComplete': { ok: ['admin', 'editor'] },
  'GET /FormSections': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /FormSections': { ok: ['admin', 'editor'] },
  'GET /FormSections/WithReferences': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'DELETE /FormSections/{id}': { ok: ['admin', 'editor'] },
  'GET /FormSections/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /FormSections/{id}': { ok: ['admin', 'editor'] },
  'POST /FormSections/{id}/ChangeIndex/{endIndex}': { ok: ['admin', 'editor'] },
  'POST /FormSections/{id}/Copy': { ok: ['admin', 'editor'] },
  'GET /FormTemplates': { ok: ['admin', 'editor', 'site', 'coresearcher'] },
  'POST /FormTemplates': { ok: ['admin', 'editor', 'multi'] },
  'DELETE /FormTemplates/{id}': { others: 404 },
  'GET /FormTemplates/{id}': { others: 404 },
  'POST /FormTemplates/{id}/CopyFormToTemplate': { ok: ['multi'], hidden: ['admin', 'editor'] },
  'GET /FormTypes': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /FormTypes': { ok: ['admin', 'editor'] },
  'DELETE /FormTypes/{id}': { ok: ['admin', 'editor'] },
  'GET /FormTypes/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /FormTypes/{id}': { ok: ['admin', 'editor'] },
  'GET /health': { ok: 'all', anonymous: 'ok' },
  'GET /MonitoringVisits': { ok: ['admin', 'editor', 'kio'] },
  'POST /MonitoringVisits': { ok: ['admin', 'editor'] },
  'DELETE /MonitoringVisits/{id}': { ok: ['admin', 'editor'] },
  'GET /MonitoringVisits/{id}': { ok: ['admin', 'editor', 'kio'] },
  'PUT /MonitoringVisits/{id}/': { ok: ['admin', 'editor'] },
  'POST /MonitoringVisits/{id}/Confirm': { ok: ['admin', 'editor'] },
  // The report: the visit's planners and its team (kio is on the demo visit's team).
  'POST /MonitoringVisits/{id}/GenerateReport': { ok: ['admin', 'editor', 'kio'] },
  'GET /OrganisationReferenceGroups': { ok: ['admin', 'editor', 'site', 'coresearcher', 'multi'] },
  'POST /OrganisationReferenceGroups': { ok: ['admin'] },
  'DELETE /OrganisationReferenceGroups/{id}': { others: 404 },
  'GET /OrganisationReferenceGroups/{id}': { others: 404 },
  'PUT /OrganisationReferenceGroups/{id}': { others: 404 },
  'GET /OrganisationReferenceGroups/{id}/ByFormType': { others: 404 },
  'PUT /OrganisationReferenceGroups/{id}/ToggleLock': { others: 404 },
  'POST /OrganisationReferences': { others: 404 },
  'DELETE /OrganisationReferences/{id}': { others: 404 },
  'PUT /OrganisationReferences/{id}': { others: 404 },
  'GET /Organisations': { ok: 'all' },
  'POST /Organisations': { ok: ['admin', 'editor'] },
  'GET /Organisations/Lookup': { ok: 'all', anonymous: 'ok' },
  'GET /Organisations/Short': { ok: 'all', anonymous: 'ok' },
  'DELETE /Organisations/{id}': { ok: ['admin', 'editor'] },
  'GET /Organisations/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'multi'], others: 404 },
  'PUT /Organisations/{id}': { ok: ['admin', 'editor'] },
  'GET /OrganisationUsers': { ok: ['admin'] },
  'POST /OrganisationUsers': { ok: ['admin'] },
  'DELETE /OrganisationUsers/{id}': { ok: ['admin'] },
  'PUT /OrganisationUsers/{id}': { ok: ['admin'] },
  'POST /OrganisationUsers/{id}/SetCurrent': {},
  'PUT /OrganisationUsers/{id}/Verify': { ok: ['admin'] },
  'GET /ProtocolVersions': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /ProtocolVersions': { ok: ['admin', 'editor', 'multi'] },
  'GET /ProtocolVersions/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /ProtocolVersions/{id}': { ok: ['admin', 'editor'] },
  // Site 01's glucose group of the demo (seeded for the data-entry demo): its readers are its centre's and the research-wide ones.
  'GET /ReferenceGroups': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'] },
  'POST /ReferenceGroups': { ok: ['admin'] },
  'DELETE /ReferenceGroups/{id}': { ok: ['admin'] },
  'GET /ReferenceGroups/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'], others: 404 },
  'PUT /ReferenceGroups/{id}': { ok: ['admin'] },
  'GET /ReferenceGroups/{id}/ByFormType': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'], others: 404 },
  'PUT /ReferenceGroups/{id}/CopyTo/{researchOrganisationId}': { ok: ['admin'] },
  'PUT /ReferenceGroups/{id}/ToggleLock': { ok: ['admin'] },
  'GET /References': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'] },
  'POST /References': { ok: ['admin'] },
  'DELETE /References/{id}': { ok: ['admin'] },
  'GET /References/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'], others: 404 },
  'PUT /References/{id}': { ok: ['admin'] },
  'GET /Researches': { ok: 'all' },
  'POST /Researches': { ok: ['admin', 'editor'] },
  'DELETE /Researches/{id}': { ok: ['admin', 'editor'] },
  'GET /Researches/{id}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'],
    others: 404,
  },
  'PUT /Researches/{id}': { ok: ['admin', 'editor'] },
  'PUT /Researches/{id}/': { ok: ['admin', 'editor'] },
  'PUT /Researches/{id}/Archive': { ok: ['admin', 'editor'] },
  'PUT /Researches/{id}/Lock': { ok: ['admin', 'editor'] },
  'PUT /Researches/{id}/ToggleIwrsConnection': { ok: ['admin', 'editor'] },
  'GET /ResearchOrganisations': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /ResearchOrganisations': { ok: ['admin', 'editor'] },
  'DELETE /ResearchOrganisations/{id}': { ok: ['admin', 'editor'] },
  'GET /ResearchOrganisations/{id}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'],
    others: 404,
  },
  'PUT /ResearchOrganisations/{id}': { ok: ['admin', 'editor'] },
  'GET /ResearchOrganisationVersions': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'],
  },
  'POST /ResearchOrganisationVersions': { ok: ['admin', 'editor'] },
  'GET /ResearchVersions': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /ResearchVersions': { ok: ['admin', 'editor', 'multi'] },
  'POST /ResearchVersions/ImportOdm': { ok: ['admin', 'editor', 'multi'] },
  'POST /ResearchVersions/ImportRedcapDictionary': { ok: ['admin', 'editor', 'multi'] },
  'POST /ResearchVersions/SetAuthor': { ok: ['admin', 'editor'] },
  'DELETE /ResearchVersions/{id}': { ok: ['admin', 'editor'] },
  'GET /ResearchVersions/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /ResearchVersions/{id}': { ok: ['admin', 'editor'] },
  'POST /ResearchVersions/{id}/BackToDesigned': { ok: ['admin', 'editor'] },
  'POST /ResearchVersions/{id}/BackToQaValidating': { ok: ['admin', 'editor'] },
  'POST /ResearchVersions/{id}/ChangeStatus': { ok: ['admin'] },
  'GET /ResearchVersions/{id}/Odm': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /ResearchVersions/{id}/StartQaValidating': { ok: ['admin', 'editor'] },
  'POST /ResearchVersions/{id}/StartTesting': { ok: ['admin', 'editor'] },
  'POST /ResearchVersions/{id}/StartWorking': { ok: ['admin', 'editor'] },
  'GET /Statistic/SubjectStatistic/{researchId}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'],
  },
  'GET /Statistic/MonitoringVisitsStatistic/{researchId}': { ok: ['admin', 'editor', 'kio'] },
  'GET /Statistic/SubjectVisitsStatistic/{researchId}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'],
  },
  'GET /Subjects': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /Subjects': { ok: ['site', 'coresearcher', 'site2', 'testsite'] },
  'GET /Subjects/StatusCounts': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'DELETE /Subjects/{id}': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  // The sample id is a subject's: planners and the demo monitor get 404 (allowed), everyone else 403.
  'GET /Subjects/MonitoringVisit/{id}': { ok: ['admin', 'editor', 'kio'] },
  'GET /Subjects/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'], forbidden: ['multi'], others: 404 },
  'PUT /Subjects/{id}/': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /Subjects/{id}/End': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /Subjects/{id}/EndAheadSchedule': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /Subjects/{id}/Failure': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'GET /Subjects/{id}/List': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  'PUT /Subjects/{id}/RandomisationGroup': { ok: ['admin'], hidden: ['site2', 'testsite'] },
  'POST /Subjects/{id}/Randomise': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'PUT /Subjects/{id}/Randomise': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /Subjects/{id}/Sign': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'GET /SubjectsVisit': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'], forbidden: ['multi'], others: 404 },
  'POST /SubjectsVisit': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsVisit/{id}/ChangeDate': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'GET /SubjectsVisit/{id}/MonitoringVisits': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  // Data entry (docs/data-entry.md): readers are the subject's readers, writers its site's (by the form's roles).
  'GET /SubjectsVisit/{id}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  'POST /SubjectsVisit/{id}/Sign': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsVisit/{id}/Complete': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  // Summary tables and journals (docs/reports.md): the `summary` and `journals` screens of the current research.
  'GET /Summary/Forms': { ok: ['admin', 'site', 'coresearcher', 'site2', 'qa', 'dm', 'kio'] },
  'GET /Summary/Forms/{id}': { ok: ['admin', 'site', 'coresearcher', 'site2', 'qa', 'dm', 'kio'] },
  'GET /SubjectsForm/ByForm': { ok: ['admin', 'site', 'coresearcher', 'site2', 'qa', 'dm', 'kio'] },
  'GET /SubjectsFormSection/Journal': { ok: ['site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  'GET /SubjectsFormSection/Journal/Sections': { ok: ['site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  'GET /SubjectsFormSection/Journal/{id}/Columns': { ok: ['site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  'GET /SubjectsForm': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'], forbidden: ['multi'], others: 404 },
  'POST /SubjectsForm': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/Context': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'GET /SubjectsForm/{id}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  // The subject form report: generated and read by the subject's readers (as GET /SubjectsForm/{id}).
  'POST /SubjectsForm/{id}/GenerateReport': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  'POST /SubjectsForm/{id}/Complete': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsFormSection/{id}/ChangeStatus': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsFormSection/{id}/Comment': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsFormSection/{id}/Complete': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'GET /SubjectsFormField/{id}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  'GET /SubjectsFormField/{id}/LinkData': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  'GET /ItemData': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'], forbidden: ['multi'], others: 404 },
  'POST /ItemData': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  // QA's 'change data' in a confirmed section (the sample's is): past the role check, refused by the signed visit.
  'POST /ItemData/WithReason': { ok: ['site', 'coresearcher', 'qa'], hidden: ['site2', 'testsite'] },
  // QA's 'change data' in a confirmed section (the sample's is): past the role check, refused by the signed visit.
  'POST /ItemData/{subjectFormFieldId}/Clean': { ok: ['site', 'coresearcher', 'qa'], hidden: ['site2', 'testsite'] },
  // Multipart: the matrix's JSON sample is refused as not multipart (400) before anything is looked at.
  'POST /ItemData/AddDocument': { ok: 'all' },
  'GET /ItemData/{id}/Document': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  'GET /Subjects/{id}/AuditTrail': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  // Validation (docs/queries-and-validation.md): the research's QA staff at the QA endpoints, its data managers at
  // the DM ones, its monitors at the KIO ones (another side 403); the sample's S-001 screening visit is complete
  // and signed, so the sample's calls are permitted (or refused by the state: 409) for them.
  'POST /SubjectsFormSection/{id}/QaValidate': { ok: ['qa'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsFormSection/{id}/DmValidate': { ok: ['dm'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/QaValidate': { ok: ['qa'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/DmValidate': { ok: ['dm'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/KioValidate': { ok: ['kio'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/RevertQaValidate': { ok: ['qa'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/RevertDmValidate': { ok: ['dm'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/RevertKioValidate': { ok: ['kio'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/QaValidateList': { ok: ['qa'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsForm/DmValidateList': { ok: ['dm'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsVisit/{id}/QaValidate': { ok: ['qa'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsVisit/{id}/DmValidate': { ok: ['dm'], hidden: ['site2', 'testsite'] },
  'POST /SubjectsVisit/{id}/KioValidate': { ok: ['kio'], hidden: ['site2', 'testsite'] },
  'GET /SubjectVisitDocuments': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  // Notes (queries) (docs/queries-and-validation.md): read by the subject's readers (a monitor sees KIO notes only:
  // the sample, a QA note on S-001's visit 1, is 404 for it); raised by the caller's own type only (403
  // note_wrong_type), answered by the form's writers, closed by the type's closers (QA), commented by whoever
  // raises notes. The list, report and statistic cover the caller's research.
  'GET /ItemNote/FilteredList': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'GET /ItemNote/GenerateReport': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'GET /ItemNote/History': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  'GET /ItemNote/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'], forbidden: ['multi'], others: 404 },
  'POST /ItemNote/AddQaItemNote': { ok: ['qa'], hidden: ['site2', 'testsite'] },
  'POST /ItemNote/AddDmItemNote': { ok: ['dm'], hidden: ['site2', 'testsite'] },
  'POST /ItemNote/AddKioItemNote': { ok: ['kio'], hidden: ['site2', 'testsite'] },
  'POST /ItemNote/AddComment': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /ItemNote/{id}/Answer': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite', 'kio'] },
  'POST /ItemNote/{id}/AnswerComment': { ok: ['site', 'coresearcher', 'qa', 'dm'], hidden: ['site2', 'testsite', 'kio'] },
  'POST /ItemNote/{id}/Close': { ok: ['qa', 'dm'], hidden: ['site2', 'testsite', 'kio'] },
  'GET /Statistic/ItemNoteStatistic/{researchId}': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'],
  },
  // QA validation of the design (docs/qa-validation.md "Who"): read by the research's QA staff and those who
  // change its design; QA raises, closes and deletes notes and validates; the designers answer and resolve.
  // The samples are the demo's version 1.1 under validation.
  'GET /QaItemNotes': { ok: ['admin', 'editor', 'qa', 'dm'] },
  'GET /QaItemNotes/{id}': { ok: ['admin', 'editor', 'qa', 'dm'] },
  'POST /QaItemNotes': { ok: ['qa', 'dm'] },
  'POST /QaItemNotes/{id}/Resolve': { ok: ['admin', 'editor'] },
  'POST /QaItemNotes/{id}/Close': { ok: ['qa', 'dm'] },
  'DELETE /QaItemNotes/{id}': { ok: ['qa', 'dm'] },
  'POST /QaNotes': { ok: ['admin', 'editor', 'qa', 'dm'] },
  'GET /QaVisits': { ok: ['admin', 'editor', 'qa', 'dm'] },
  'POST /QaVisits/{id}/ToggleValidate': { ok: ['qa', 'dm'] },
  'GET /QaForms': { ok: ['admin', 'editor', 'qa', 'dm'] },
  'POST /QaForms/{id}/ToggleValidate': { ok: ['qa', 'dm'] },
  // Rules (docs/rules.md "API"): the rules page for the research's admin, QA, site and test-site staff (the
  // sample, a demo rule of the whole research, is theirs to read); only admin edits; only QA (specialist and
  // data manager) validates (the sample untested: 409); QA and admin test. Calculate: the subject's readers.
  'GET /Rules': { ok: ['admin', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  'GET /Rules/ByResearchId': { ok: ['admin', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  'GET /Rules/{id}': { ok: ['admin', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  'POST /Rules': { ok: ['admin'] },
  'PUT /Rules/{id}/': { ok: ['admin'] },
  'DELETE /Rules/{id}': { ok: ['admin'] },
  'PUT /Rules/{id}/ToggleValidate': { ok: ['qa', 'dm'] },
  'PUT /Rules/{id}/Test': { ok: ['admin', 'qa', 'dm'] },
  'GET /SubjectsFormField/{id}/Calculate': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  // Time points (docs/time-points.md "API"): the settings, the forecast and the schedule for readers of the
  // time points settings (user roles Admin and Editor, the research's admin centre); writes for design_edit.
  // The demo world has no time point or schedule: the samples by id are 404 to those who may look. Subject
  // time points: the subject's readers but KIO (the page is not for monitors).
  'POST /DataExports': { ok: ['admin', 'qa', 'dm'] },
  'POST /ClinicalData/Import': { ok: ['admin'] },
  'GET /Jobs': { ok: ['admin', 'qa', 'dm'] },
  // No job in the demo world: 404 for whoever may look at jobs, 403 for the others.
  'GET /Jobs/{id}': { hidden: ['admin', 'qa', 'dm'] },
  'GET /TimePoints': { ok: ['admin', 'editor'] },
  'POST /TimePoints': { ok: ['admin', 'editor'] },
  'PUT /TimePoints/{id}/': { ok: ['admin', 'editor'] },
  'DELETE /TimePoints/{id}': { ok: ['admin', 'editor'] },
  'POST /TimePoints/EmployeesCountForecast': { ok: ['admin', 'editor'] },
  'POST /TimePoints/GenerateScheduledActivities': { ok: ['admin', 'editor'] },
  'POST /TimePoints/{id}/GenerateScheduledActivities': { ok: ['admin', 'editor'] },
  'GET /TimePoints/ScheduledActivities/{documentId}': { ok: ['admin', 'editor'] },
  'POST /TimeDeviations': { ok: ['admin', 'editor'] },
  'DELETE /TimeDeviations/{id}': { ok: ['admin', 'editor'] },
  'GET /SubjectTimePoints': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'], hidden: ['site2', 'testsite'] },
  // The visit PDF: the subject visit's readers (the sample visit, unsigned, answers them 409 visit_not_signed).
  'POST /SubjectVisitDocuments/Generate': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    forbidden: ['multi'],
    others: 404,
  },
  // The subject card: the subject's readers of an organisation that generates documents (not kio).
  'POST /Subjects/{id}/GenerateSubjectCard': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'],
    hidden: ['site2', 'testsite'],
  },
  // Research version changes: holders of documents_settings (administrators); the sample versions are unknown (404).
  'POST /ResearchVersions/GenerateResearchVersionsChanges': { ok: ['admin', 'editor'] },
  // The research template: administrators and the staff of admin and qa organisations (the sample version is unknown: 404).
  'POST /Researches/GenerateTemplate': { ok: ['admin', 'editor', 'qa', 'dm'] },
  // A centre's subject cards archive: its subjects' readers of an organisation that generates documents (not kio).
  'POST /ResearchOrganisations/{id}/GenerateSubjectCardArchive': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'],
    hidden: ['site2', 'testsite'],
  },
  // Datasets: administrators and the staff of admin, qa, site and test-site centres (the sample ids are unknown: 400); kio 403.
  'POST /Researches/GenerateDatasetByVisit': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  'POST /Researches/GenerateDatasetByForm': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'] },
  // Trackers: as datasets (a site user's: their own centre); kio 403.
  'GET /ResearchOrganisations/GenerateTracker': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'],
  },
  'GET /ResearchOrganisations/GenerateTimeTracker': {
    ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm'],
  },
  // The reference report: the readers of the centre's references (GET /ReferenceGroups).
  'GET /ReferenceGroups/GenerateReferenceReport': { ok: ['admin', 'editor', 'site', 'coresearcher', 'qa', 'dm'] },
  'POST /SubjectVisitDocuments/UploadFile': { ok: 'all' },
  'POST /SubjectVisitDocuments/UploadNewVersion/{id}': { ok: 'all' },
  'DELETE /SubjectVisitDocuments/{id}': { forbidden: ['multi'], others: 404 },
  'POST /SubjectVisitDocuments/{id}/SendToDrTrial': { forbidden: ['multi'], others: 404 },
  // The external trial link is off in the demo world: designers get 409 dr_trial_off, the rest 403.
  'GET /ExternalTrial/Settings': { ok: 'all' },
  'GET /Visits/FromDrTrial': { ok: ['admin', 'editor'] },
  'POST /Visits/FromDrTrial': { ok: ['admin', 'editor', 'multi'] },
  'POST /support/addTicket': { ok: 'all', anonymous: 'ok' },
  'GET /support/tickets': { ok: ['admin'] },
  'GET /Users': { ok: ['admin'] },
  'POST /Users': { ok: ['admin'] },
  'GET /Users/me': { ok: 'all' },
  'DELETE /Users/{id}': { ok: ['admin'] },
  'GET /Users/{id}': { ok: ['admin'], others: 404 },
  'PUT /Users/{id}/': { ok: ['admin'] },
  'POST /Users/{id}/ChangePassword': {},
  'GET /Visits': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'POST /Visits': { ok: ['admin', 'editor', 'multi'] },
  'DELETE /Visits/{id}': { ok: ['admin', 'editor'] },
  'GET /Visits/{id}': { ok: ['admin', 'editor', 'site', 'coresearcher', 'site2', 'testsite', 'qa', 'dm', 'kio'] },
  'PUT /Visits/{id}': { ok: ['admin', 'editor'] },
  'POST /Visits/{id}/ChangeIndex/{endIndex}': { ok: ['admin', 'editor'] },
  'POST /Visits/{id}/ToggleComplete': { ok: ['admin', 'editor'] },
  // IWRS (docs/iwrs.md): the sealed lists for unblinded sponsor staff; the supply for the sponsor's centre,
  // its kits and shipments also for each site (its own); dosings read with `dosings`, written by the site.
  'GET /RandomisationLists': { ok: ['admin'] },
  'POST /RandomisationLists/Generate': { ok: ['admin'] },
  'POST /RandomisationLists/Upload': { ok: ['admin'] },
  'GET /RandomisationLists/{id}/Entries': { ok: ['admin'] },
  'POST /RandomisationLists/{id}/Verify': { ok: ['admin'] },
  'GET /RandomisationStrata': { ok: ['admin'] },
  'GET /RandomisationStrata/Fields': { ok: ['admin'] },
  'PUT /RandomisationStrata/Field': { ok: ['admin'] },
  'GET /Medication': { ok: ['admin', 'site', 'coresearcher', 'site2', 'testsite'] },
  'GET /Medication/Stock': { ok: ['admin'] },
  'POST /Medication/Import': { ok: ['admin'] },
  'POST /Medication/Expire': { ok: ['admin'] },
  'GET /Medication/{id}': { ok: ['admin', 'site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'POST /Medication/{id}/Status': { ok: ['admin'] },
  'GET /Shipments': { ok: ['admin', 'site', 'coresearcher', 'site2', 'testsite'] },
  'POST /Shipments': { ok: ['admin'] },
  'POST /Shipments/{id}/Receive': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  // The sample names site 01's subject: another site's users do not see it.
  'GET /SubjectDosing': { ok: ['admin', 'site', 'coresearcher', 'qa', 'dm', 'kio'], hidden: ['site2', 'testsite'] },
  'POST /SubjectDosing': { ok: ['site', 'coresearcher'], hidden: ['site2', 'testsite'] },
  'GET /SubjectDosing/{id}/Medications': {
    ok: ['admin', 'site', 'coresearcher', 'qa', 'dm', 'kio'],
    hidden: ['site2', 'testsite'],
  },
  'POST /SubjectDosing/{id}/Medication/{medicationId}/ConfirmDispense': {
    ok: ['site', 'coresearcher'],
    hidden: ['site2', 'testsite'],
  },
  'POST /SubjectDosing/{id}/Medication/{medicationId}/MissedDispense': {
    ok: ['site', 'coresearcher'],
    hidden: ['site2', 'testsite'],
  },
  // Emergency unblinding: only the principal investigator of the subject's site (the sample password is
  // wrong, so site gets 400); the sponsor's centre and the sites list the unblindings.
  'POST /Subjects/{id}/EmergencyUnblind': { ok: ['site'], hidden: ['site2', 'testsite'] },
  'GET /EmergencyUnblindings': { ok: ['admin', 'site', 'coresearcher', 'site2', 'testsite'] },
};
