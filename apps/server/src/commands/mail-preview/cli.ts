// `npm run mail:preview` writes every e-mail the shop sends, with fixed sample data, to
// mail-preview/<name>.html and .txt (in the folder npm was run from), to look at in a browser
// and a text editor. SHOP_NAME and PUBLIC_URL brand them as the server would.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { mailBrand } from '../../modules/mail/templates/brand.ts';
import { sampleMails } from './sample-mails.ts';

const config = loadConfig();
const brand = mailBrand({
  shopName: config.SHOP_NAME,
  publicUrl: config.publicUrl,
  shopColor: config.SHOP_COLOR,
});
const folder = join(process.env.INIT_CWD ?? process.cwd(), 'mail-preview');
await mkdir(folder, { recursive: true });
const mails = Object.entries(sampleMails(brand));
for (const [name, mail] of mails) {
  await writeFile(join(folder, `${name}.html`), mail.html);
  await writeFile(
    join(folder, `${name}.txt`),
    `Subject: ${mail.subject}\nTo: ${mail.to}\n\n${mail.text}\n`,
  );
}
console.log(`Wrote ${mails.length} e-mails (HTML and text) to ${folder}`);
