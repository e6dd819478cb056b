import { makeCentre, makeUser, signIn } from '../support/factories.js';
import { designApi, freshResearch, makeFormTree, setupDesignApp } from './design-support.js';

export { expectError } from '../support/test-app.js';

/**
 * Helpers of the QA validation API tests: a research of its own per study, its QA specialist (QA of that
 * research only) and the Admin role user as the designer; a version with one visit of two forms, taken to
 * QaValidating.
 */
export function setupQaApp() {
  const suite = setupDesignApp();
  const { t, admin, db } = suite;

  async function qaStudy() {
    const research = await freshResearch(db());
    const centre = await makeCentre(db(), { researchId: research.id, type: 'Qa' });
    const qaUser = await makeUser(db(), { centre, employeeType: 'SpecialistQa' });
    const qa = designApi(t.app, await signIn(t.app, qaUser.user.email));
    const version = await admin.version(research.id);
    const tree = await makeFormTree(admin, research.id, { fields: 2 });
    const second = await admin.form(tree.visit.id, tree.formType.id, { title: 'Second form' });
    const secondSection = await admin.section(second.id);
    await admin.formField(secondSection.id, tree.text.id);
    await admin.ok('POST', `/ResearchVersions/${version.id}/StartQaValidating`);
    const [qaVisit] = await qa.ok('GET', `/QaVisits?researchVersionId=${version.id}`);
    const qaForms = await qa.ok('GET', `/QaForms?qaVisitId=${qaVisit.id}`);
    return { research, version, tree, second, qa, qaUserId: qaUser.user.id, qaVisit, qaForms };
  }

  return { ...suite, qaStudy };
}
export type QaStudy = Awaited<ReturnType<ReturnType<typeof setupQaApp>['qaStudy']>>;
