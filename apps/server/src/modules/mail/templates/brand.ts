/** What every e-mail of the shop carries: its name, its address on the web, logo and colours. */
export interface MailBrand {
  shopName: string;
  /** The shop's public address without a trailing slash (PUBLIC_URL): links and pictures. */
  publicUrl: string;
  /** Absolute address of the logo shown at the top of each e-mail. */
  logoUrl: string;
}

/**
 * The shop's colours, as its web pages show them: the dark header, the indigo of the logo for
 * buttons and links. The header keeps its dark background in a dark-mode client; the body's
 * colours are swapped by the layout's `prefers-color-scheme: dark` rules.
 */
export const MAIL_COLOURS = {
  header: '#212529',
  headerText: '#ffffff',
  accent: '#4338ca',
  accentText: '#ffffff',
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
  darkAccent: '#a5b4fc',
} as const;

/** The brand from the shop's settings: its logo is the web app's own (public/favicon.svg). */
export function mailBrand(config: { shopName: string; publicUrl: string }): MailBrand {
  return { ...config, logoUrl: `${config.publicUrl}/favicon.svg` };
}

/** A picture's address as an e-mail needs it: the shop's own paths made absolute. */
export function absoluteUrl(brand: Pick<MailBrand, 'publicUrl'>, address: string): string {
  return address.startsWith('/') ? `${brand.publicUrl}${address}` : address;
}
