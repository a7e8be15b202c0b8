import { loadConfig } from '../config';
import { openDatabase } from './database';

// `npm run db:migrate`: opening the database applies every pending migration.
const database = await openDatabase(loadConfig());
console.log(`Migrations applied (${database.mode} database).`);
await database.close();
