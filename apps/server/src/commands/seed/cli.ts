// `npm run seed` fills an empty database with the demo data; `npm run seed -- --reset` first
// removes everything in it. It uses the same configuration as the server (DATABASE_URL, DATA_DIR).
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { isDatabaseEmpty, seedDemoData, wipeDatabase } from './seed.ts';

const reset = process.argv.includes('--reset');
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await database.migrate();
  if (reset) {
    await wipeDatabase(database.db);
    console.log('Removed all users, products, reviews and orders.');
  } else if (!(await isDatabaseEmpty(database.db))) {
    console.log('The database already has data; run `npm run seed -- --reset` to replace it.');
    process.exitCode = 1;
  }
  if (reset || process.exitCode !== 1) {
    const result = await seedDemoData(database.db, config.DEMO_PASSWORD);
    console.log(`Seeded ${result.products} products and ${result.users} demo accounts.`);
    console.log(
      `Log in as admin@example.com, john@example.com or jane@example.com with the password ${
        result.passwordWasGenerated ? result.password : 'set in DEMO_PASSWORD'
      }.`,
    );
  }
} finally {
  await database.close();
}
