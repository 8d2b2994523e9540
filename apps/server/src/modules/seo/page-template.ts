/**
 * The built index.html cut where a server-written page adds to it: the head's end (after the
 * shop's own tags, its title and description taken out: each page writes its own) and the
 * start of `#root` (the page's content goes just before it, see page-content.ts).
 */
export interface PageTemplate {
  /** The page as built, with its own title and description, for every other route. */
  plain: string;
  render(head: string, body: string): string;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/?>\s*/;
const ROOT = '<div id="root"></div>';

/** Undefined for a page without `</head>` then `<div id="root"></div>` (not the web app's). */
export function pageTemplate(html: string): PageTemplate | undefined {
  const bare = html.replace(TITLE, '').replace(DESCRIPTION, '');
  const headEnd = bare.indexOf('</head>');
  const root = bare.indexOf(ROOT);
  if (headEnd < 0 || root < headEnd) return undefined;
  const start = bare.slice(0, headEnd);
  const middle = bare.slice(headEnd, root);
  const end = bare.slice(root);
  return {
    plain: html,
    render: (head, body) => start + head + middle + body + end,
  };
}
