// `npm run db:export -- --out shop-export.ndjson.gz`: writes every table of the database the
// server would open (DATABASE_URL, else the embedded one in DATA_DIR) to one file for
// `npm run db:import`. The embedded database must not be in use: stop the shop first.
// docs/deploy.md, "Moving from the embedded database to PostgreSQL", walks through the move.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { describeDatabase, printCounts, requiredOption, runCommand } from './cli-support.ts';
import { writeExportFile } from './export-file.ts';
import { exportShop } from './export-shop.ts';
import { TransferError } from './transfer-error.ts';
import { IMAGE_NAME } from '../../modules/uploads/storage/image-storage.ts';

const USAGE =
  'Usage: npm run db:export -- --out <file>   (a file name ending in .gz is gzip-compressed)';

/** What the database file does not hold and the new servers need. */
function printWhatElseToCarry(config: Config): void {
  const secretFile = join(config.dataDir, 'jwt-secret');
  const images = existsSync(config.uploadsDir)
    ? readdirSync(config.uploadsDir).filter((name) => IMAGE_NAME.test(name)).length
    : 0;
  if (!config.JWT_SECRET && existsSync(secretFile)) {
    console.log(
      `Set JWT_SECRET on the new servers to the contents of ${secretFile}, or every customer is signed out.`,
    );
  }
  if (!config.S3_BUCKET && images > 0) {
    console.log(
      `Copy the ${images} uploaded images with: npm run uploads:copy -- --from ${config.uploadsDir}`,
    );
  }
}

runCommand(async () => {
  const out = requiredOption('out', USAGE);
  const config = loadConfig();
  if (!config.DATABASE_URL && !existsSync(join(config.dataDir, 'pglite'))) {
    throw new TransferError(
      `There is no embedded database in ${config.dataDir}; set DATA_DIR to the folder the shop uses.`,
    );
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    // As the server does on start: an export carries the tables of this version of ProShop.
    await database.migrate();
    console.log(`Exporting ${describeDatabase(config)} to ${out}`);
    const { header, counts } = await writeExportFile(out, (sink) =>
      exportShop(database.db, sink, database.kind),
    );
    printCounts(counts);
    const size = (statSync(out).size / 1_048_576).toFixed(1);
    console.log(`Wrote ${out} (${size} MB, database at migration ${header.migration}).`);
    printWhatElseToCarry(config);
  } finally {
    await database.close();
  }
});
