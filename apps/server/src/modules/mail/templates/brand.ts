import { shopPalette } from '@proshop/domain/shop-color';

/** What every e-mail of the shop carries: its name, its address on the web, logo and colours. */
export interface MailBrand {
  shopName: string;
  /** The shop's public address without a trailing slash (PUBLIC_URL): links and pictures. */
  publicUrl: string;
  /** Absolute address of the logo shown at the top of each e-mail. */
  logoUrl: string;
  /** The brand colour (SHOP_COLOR) of buttons and links, and the colours that read on it. */
  accent: MailAccent;
}

/** The e-mails' share of the shop's palette (@proshop/domain/shop-color). */
export interface MailAccent {
  /** Background of the e-mail's button: the brand colour itself. */
  button: string;
  /** Text on the button: black or white, whichever contrasts more. */
  buttonText: string;
  /** Links on the white card (the brand colour, darkened if it reads too light). */
  link: string;
  /** Links on the dark-mode card (lightened if it reads too dark). */
  darkLink: string;
}

/**
 * The shop's fixed colours, as its web pages show them: the dark header, the page and card; the
 * brand colour of buttons and links comes from SHOP_COLOR (MailBrand.accent). The header keeps
 * its dark background in a dark-mode client; the body's colours are swapped by the layout's
 * `prefers-color-scheme: dark` rules (darkCard is the background shopPalette's textOnDark is
 * made to read on).
 */
export const MAIL_COLOURS = {
  header: '#212529',
  headerText: '#ffffff',
  text: '#212529',
  muted: '#6c757d',
  page: '#f3f4f6',
  card: '#ffffff',
  rule: '#dee2e6',
  darkPage: '#111315',
  darkCard: '#1d2024',
  darkText: '#e9ecef',
  darkMuted: '#adb5bd',
  darkRule: '#3a3f45',
} as const;

/**
 * The e-mails' logo: the web app's icon (public/favicon.svg) as a PNG, which every mail client
 * shows (many show no SVG). `npm run mail-logo` draws it from the icon (scripts/make-mail-logo.mjs).
 */
export const MAIL_LOGO_PATH = '/mail-logo.png';

/** The brand from the shop's settings, its logo the web app's own icon. */
export function mailBrand(config: {
  shopName: string;
  publicUrl: string;
  shopColor: string;
}): MailBrand {
  const palette = shopPalette(config.shopColor);
  return {
    shopName: config.shopName,
    publicUrl: config.publicUrl,
    logoUrl: `${config.publicUrl}${MAIL_LOGO_PATH}`,
    accent: {
      button: palette.color,
      buttonText: palette.contrast,
      link: palette.text,
      darkLink: palette.textOnDark,
    },
  };
}

/** A picture's address as an e-mail needs it: the shop's own paths made absolute. */
export function absoluteUrl(brand: Pick<MailBrand, 'publicUrl'>, address: string): string {
  return address.startsWith('/') ? `${brand.publicUrl}${address}` : address;
}
