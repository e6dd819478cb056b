import type { Deps } from '../platform/deps.js';
import { seedDemoDataEntry, seedDemoReferences } from './demo-data-entry.js';
import { seedDemoDesign } from './demo-design.js';
import { seedDemoMonitoring } from './demo-monitoring.js';
import { seedDemoNotes } from './demo-notes.js';
import { seedDemoQaValidation } from './demo-qa.js';
import { seedDemoRules } from './demo-rules.js';
import { seedDemoTimePoints } from './demo-time-points.js';
import { DEMO_SUBJECTS, seedDemoSubjects } from './demo-subjects.js';
import { seedDemoWorld } from './demo-world.js';
import { asDemoUser } from './seed-caller.js';
import { receiveDemoShipment, seedDemoDosings, seedDemoIwrsSupply } from './demo-iwrs.js';

/**
 * The demo of the README: the world (organisations, researches, centres, accounts), then the design of
 * DEMO-001 by its administrator (with its rules: a calculated BMI and a blood-pressure edit check, the time
 * points of visit 1's pharmacokinetics, and site 01's glucose reference range), a few subjects entered by the
 * investigators of sites 01 and 02 with data in site 01's forms (a signed visit among them) and queries on
 * them by QA, the data manager and the monitor (one answered by the site), and a
 * confirmed monitoring visit of site 01's first subjects by the demo monitor, DEMO-001's IWRS (a
 * randomisation list the subjects draw from, kits at both sites, dosings; demo-iwrs.ts), and a version 1.1 under
 * QA validation with notes in every state (demo-qa.ts), each step through the
 * services a user's request would go through.
 */
export async function seedDemo(deps: Deps): Promise<void> {
  const centres = await seedDemoWorld(deps.db);
  const demo001 = [centres.admin, centres.site1, centres.site2, centres.testSite, centres.qa, centres.kio];
  await asDemoUser(deps.db, 'admin@demo.test', (admin) => seedDemoDesign(deps, admin, demo001));
  await asDemoUser(deps.db, 'admin@demo.test', (admin) => seedDemoRules(deps, admin));
  await asDemoUser(deps.db, 'admin@demo.test', (admin) => seedDemoTimePoints(deps, admin));
  await asDemoUser(deps.db, 'admin@demo.test', (admin) => seedDemoReferences(deps, admin, centres.site1));
  const shipments = await asDemoUser(deps.db, 'admin@demo.test', (admin) =>
    seedDemoIwrsSupply(deps, admin, { site1: centres.site1, site2: centres.site2 }),
  );
  const demoResearch = await asDemoUser(deps.db, 'site@demo.test', async (site) => {
    await receiveDemoShipment(deps, site, shipments.site1);
    await seedDemoSubjects(deps, site, DEMO_SUBJECTS.site1);
    await seedDemoDosings(deps, site);
    await seedDemoDataEntry(deps, site);
    return site.actor.employee!.researchId;
  });
  await seedDemoNotes(deps, demoResearch);
  await asDemoUser(deps.db, 'site2@demo.test', async (site) => {
    await receiveDemoShipment(deps, site, shipments.site2);
    await seedDemoSubjects(deps, site, DEMO_SUBJECTS.site2);
  });
  await asDemoUser(deps.db, 'admin@demo.test', (admin) => seedDemoMonitoring(deps, admin, centres.kio));
  await seedDemoQaValidation(deps);
}
