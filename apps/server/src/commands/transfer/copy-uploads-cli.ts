// `npm run uploads:copy -- --from old-data/uploads`: copies uploaded images into the storage the
// configuration selects (the S3_BUCKET, else DATA_DIR/uploads), skipping those already there.
// Part of moving a shop to other servers; see docs/deploy.md.
import { loadConfig } from '../../config.ts';
import { createImageStorage } from '../../modules/uploads/storage/storage-plugin.ts';
import { requiredOption, runCommand } from './cli-support.ts';
import { copyUploads } from './copy-uploads.ts';

const USAGE = 'Usage: npm run uploads:copy -- --from <folder of uploaded images>';

runCommand(async () => {
  const from = requiredOption('from', USAGE);
  const config = loadConfig();
  const storage = createImageStorage(config);
  try {
    const target = config.S3_BUCKET ? `the bucket ${config.S3_BUCKET}` : config.uploadsDir;
    const result = await copyUploads(from, storage);
    console.log(
      `Copied ${result.copied} images from ${from} to ${target} (${result.alreadyThere} were there already).`,
    );
  } finally {
    await storage.close();
  }
});
