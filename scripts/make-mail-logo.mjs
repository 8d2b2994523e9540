// `npm run mail-logo`: writes apps/web/public/mail-logo.png, the e-mails' logo, from the web
// app's icon apps/web/public/favicon.svg (scripts/lib/mail-logo.mjs). Run it again when the icon
// changes (`npm run demo-images` does); the mail tests check that the two agree.
import { readFile, writeFile } from 'node:fs/promises';
import { renderMailLogo } from './lib/mail-logo.mjs';

const publicDir = new URL('../apps/web/public/', import.meta.url);
const png = await renderMailLogo(await readFile(new URL('favicon.svg', publicDir)));
await writeFile(new URL('mail-logo.png', publicDir), png);
console.log(`mail-logo.png (${png.length} bytes)`);
