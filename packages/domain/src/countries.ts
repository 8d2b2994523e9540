/**
 * Countries as the shop stores them: ISO 3166-1 alpha-2 codes ('DE'), with Kosovo's 'XK' as
 * carriers and payment providers use it. Names are never stored: each screen names a code in the
 * shopper's language with Intl.DisplayNames (countryName).
 */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
  'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
  'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

const KNOWN = new Set<string>(COUNTRY_CODES);

export function isCountryCode(text: string): text is CountryCode {
  return KNOWN.has(text);
}

/** The country's name in `locale` ('Germany', 'Allemagne'); the code itself where none is known. */
export function countryName(code: string, locale = 'en'): string {
  if (!isCountryCode(code)) return code;
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

/**
 * Names people wrote in the free-text country field before it became a list, beyond the English
 * names Intl knows: what the migration and older clients send. Lower-case, no dots.
 */
const ALIASES: Record<string, CountryCode> = {
  usa: 'US',
  us: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  deutschland: 'DE',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  österreich: 'AT',
  españa: 'ES',
  italia: 'IT',
  nederland: 'NL',
  holland: 'NL',
  '日本': 'JP',
  'south korea': 'KR',
  russia: 'RU',
  uae: 'AE',
};

let byEnglishName: Map<string, CountryCode> | undefined;

const key = (text: string) => text.trim().toLowerCase().replaceAll('.', '').replace(/\s+/g, ' ');

/**
 * The code a country field's text stands for: a code itself ('de' too), an English name
 * ('Germany', 'united states') or a usual alias ('USA', 'UK', 'Deutschland'); undefined when it
 * names no country the shop knows (such a text is kept as it is and only a "rest of the world"
 * zone serves it).
 */
export function countryCodeOf(text: string): CountryCode | undefined {
  const upper = text.trim().toUpperCase();
  if (isCountryCode(upper)) return upper;
  byEnglishName ??= new Map(COUNTRY_CODES.map((code) => [key(countryName(code)), code]));
  return byEnglishName.get(key(text)) ?? ALIASES[key(text)];
}
