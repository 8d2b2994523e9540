// `DATABASE_URL=postgres://... npm run db:import -- --in shop-export.ndjson.gz`: fills the
// database the configuration selects (migrated first, and it must be empty) with the rows of an
// export made by `npm run db:export`, then checks the counts. One transaction: on any refusal
// the database is left as it was. See docs/deploy.md.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { describeDatabase, printCounts, requiredOption, runCommand } from './cli-support.ts';
import { readExportLines } from './export-file.ts';
import { importShop } from './import-shop.ts';
import { caseFoldingWarning } from './target-locale.ts';

const USAGE = 'Usage: npm run db:import -- --in <file made by npm run db:export>';

runCommand(async () => {
  const input = requiredOption('in', USAGE);
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(`Importing ${input} into ${describeDatabase(config)}`);
    const { header, counts } = await importShop(database.db, readExportLines(input));
    printCounts(counts);
    console.log(
      `Imported: every table holds the rows of the export (taken ${header.exportedAt} from the ${header.source} database).`,
    );
    const warning = await caseFoldingWarning(database.db);
    if (warning) console.log(warning);
  } finally {
    await database.close();
  }
});
