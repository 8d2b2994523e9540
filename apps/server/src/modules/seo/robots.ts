import { PRIVATE_PATHS } from './private-pages.ts';

/**
 * robots.txt: every crawler may read the shop (pages, pictures, scripts and styles, which a
 * crawler that renders needs), not the private pages nor the API, and is told where the sitemap is.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
