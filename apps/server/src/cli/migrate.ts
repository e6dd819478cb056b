// Applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { loadConfig } from '../config.js';
import { openDatabase } from '../platform/db/client.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
console.log(`migrations applied (${database.kind})`);
await database.close();
