// Seeds the demo world into an empty database (DATABASE_URL, or the embedded one in DATA_DIR).
import { loadConfig } from '../config.js';
import { openDatabase } from '../platform/db/client.js';
import { buildApp } from '../app.js';
import { isEmpty } from '../seed/demo-world.js';
import { seedDemo } from '../seed/demo.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
if (await isEmpty(database.db)) {
  const app = await buildApp({ config, database });
  await seedDemo(app.deps);
  await app.close();
  console.log(`demo world created (${database.kind})`);
} else {
  console.log('the database already has users; the demo world was not added');
}
await database.close();
