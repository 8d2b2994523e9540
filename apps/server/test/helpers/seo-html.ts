import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'parse5';

/**
 * A built web app's index.html as `vite build` leaves it (the shop's placeholders, a script and
 * a stylesheet in the head, an empty #root), in a folder of its own.
 */
export function webBuildWithIndex(): string {
  const web = mkdtempSync(join(tmpdir(), 'proshop-seo-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(
    join(web, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="__SHOP_NAME__: browse and search products, read reviews and order online."
    />
    <meta name="shop-name" content="__SHOP_NAME__" />
    <title>__SHOP_NAME__</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <noscript>This shop needs JavaScript: please enable it in your browser.</noscript>
    <div id="root"></div>
  </body>
</html>
`,
  );
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'export {};\n');
  return web;
}

/** One element as read from the page: its name, attributes and text (decoded by the parser). */
export interface Element {
  name: string;
  attributes: Record<string, string>;
  text: string;
}

/** The nodes of parse5's tree this reader walks. */
interface TreeNode {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  value?: string;
  childNodes?: TreeNode[];
  content?: TreeNode;
}

const textOf = (node: TreeNode): string =>
  node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(textOf).join('');

/**
 * Reads a page with an HTML parser (parse5, the WHATWG algorithm browsers and crawlers follow):
 * every element in document order, with its attributes decoded and its text. A `</script>` in a
 * value would end the script element here exactly as it would in a browser.
 */
export function readElements(html: string): Element[] {
  const elements: Element[] = [];
  const visit = (node: TreeNode) => {
    if (node.tagName) {
      elements.push({
        name: node.tagName,
        attributes: Object.fromEntries((node.attrs ?? []).map(({ name, value }) => [name, value])),
        text: textOf(node),
      });
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parse(html));
  return elements;
}

/** The head of a written page, as a crawler reads it. */
export function readHead(html: string) {
  // In document order the head's elements come after <head> and before <body>.
  const all = readElements(html);
  const elements = all.slice(
    all.findIndex((element) => element.name === 'head') + 1,
    all.findIndex((element) => element.name === 'body'),
  );
  const metas = elements.filter((element) => element.name === 'meta');
  const meta = (key: string) =>
    metas
      .filter((m) => m.attributes.name === key || m.attributes.property === key)
      .map((m) => m.attributes.content);
  return {
    titles: elements.filter((element) => element.name === 'title').map((element) => element.text),
    meta,
    canonicals: elements
      .filter((element) => element.name === 'link' && element.attributes.rel === 'canonical')
      .map((element) => element.attributes.href),
    jsonLd: elements
      .filter(
        (element) => element.name === 'script' && element.attributes.type === 'application/ld+json',
      )
      .map((element) => JSON.parse(element.text) as Record<string, unknown>),
    scripts: elements.filter((element) => element.name === 'script'),
  };
}
