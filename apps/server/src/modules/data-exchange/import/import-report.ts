import {
  CLINICAL_IMPORT_MAX_ISSUES,
  errorMessage,
  type ClinicalImportIssue,
  type ClinicalImportReport,
  type ErrorCode,
  type Language,
  type MessageParams,
} from '@edc/domain';
import type { AppError } from '../../../platform/http/errors.js';

/** Where in the file an issue arose: the subject's key, the element's OID, the value. */
export interface IssuePlace {
  subjectKey: string | null;
  oid: string | null;
  value?: string | null;
}

/**
 * The import's report as it grows (clinicalImportReport): counts, the file's sites with their centres, and
 * the issues in the reader's language — the first CLINICAL_IMPORT_MAX_ISSUES of them, all counted.
 */
export class ImportReport {
  readonly subjects = { created: 0, existing: 0, refused: 0 };
  readonly visits = { created: 0, existing: 0 };
  readonly forms = { created: 0, existing: 0 };
  readonly values = { created: 0, unchanged: 0, refused: 0 };
  private readonly sites = new Map<string, { researchOrganisationId: string | null; subjects: number }>();
  private readonly issues: ClinicalImportIssue[] = [];
  private issuesTotal = 0;

  constructor(
    readonly dryRun: boolean,
    readonly lang: Language,
  ) {}

  issue(at: IssuePlace, code: ErrorCode, params: MessageParams = {}): void {
    this.issuesTotal++;
    if (this.issues.length >= CLINICAL_IMPORT_MAX_ISSUES) return;
    this.issues.push({
      subjectKey: at.subjectKey,
      oid: at.oid,
      value: at.value ?? null,
      code,
      message: errorMessage(code, this.lang, params),
    });
  }

  /** A refusal of the services (data entry's value checks, the subjects' rules) as an issue. */
  refusal(at: IssuePlace, e: AppError): void {
    this.issue(at, e.code, e.params);
  }

  /** One more subject of a site (SiteRef/@LocationOID; '' for subjects naming none) going to `centreId`. */
  site(oid: string, centreId: string | null): void {
    const site = this.sites.get(oid) ?? { researchOrganisationId: centreId, subjects: 0 };
    site.subjects++;
    this.sites.set(oid, site);
  }

  toReply(): ClinicalImportReport {
    return {
      dryRun: this.dryRun,
      subjects: { ...this.subjects },
      visits: { ...this.visits },
      forms: { ...this.forms },
      values: { ...this.values },
      sites: [...this.sites].map(([oid, s]) => ({ oid, ...s })),
      issues: [...this.issues],
      issuesTotal: this.issuesTotal,
    };
  }
}
