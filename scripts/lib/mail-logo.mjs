// The e-mails' logo: the web app's icon (apps/web/public/favicon.svg) drawn as a PNG, because
// many mail clients show no SVG. Made here with sharp from the shop's own icon, never downloaded.
import sharp from 'sharp';

/** Twice the 32 px the e-mails show it at, for sharp edges on high-density screens. */
export const MAIL_LOGO_SIZE = 64;

/** The icon's SVG as the logo's PNG bytes, MAIL_LOGO_SIZE square with its transparency. */
export async function renderMailLogo(svg) {
  // The icon's 64-unit box drawn at four times the size, then scaled down: smooth curves.
  return sharp(svg, { density: 72 * 4 * (MAIL_LOGO_SIZE / 64) })
    .resize(MAIL_LOGO_SIZE, MAIL_LOGO_SIZE)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}
