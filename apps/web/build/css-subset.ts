// Cuts a stylesheet down to the rules whose classes the app uses. Made for a framework's
// stylesheet such as Bootstrap's: plain rules, @media blocks and @keyframes, no nesting.

/** A rule (`selectors { declarations }`), a block at-rule holding rules, or a statement. */
type CssNode =
  | { kind: 'rule'; prelude: string; body: string }
  | { kind: 'block'; prelude: string; children: CssNode[] }
  | { kind: 'statement'; text: string };

const BLOCKS_OF_RULES = /^@(media|supports|layer|container)\b/;

function withoutComments(css: string): string {
  let out = '';
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (char === '"' || char === "'") {
      const end = endOfString(css, i);
      out += css.slice(i, end);
      i = end - 1;
    } else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** Index just past the string that opens at `start` (backslash escapes respected). */
function endOfString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Index just past the `}` that closes the block opened at `open`. */
function endOfBlock(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    const char = css[i];
    if (char === '"' || char === "'") i = endOfString(css, i) - 1;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`Unclosed block at character ${open} of the stylesheet`);
}

function parse(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    let j = i;
    while (j < css.length && css[j] !== '{' && css[j] !== ';' && css[j] !== '}') {
      j = css[j] === '"' || css[j] === "'" ? endOfString(css, j) : j + 1;
    }
    if (j >= css.length || css[j] === '}') break;
    const prelude = css.slice(i, j).trim();
    if (css[j] === ';') {
      nodes.push({ kind: 'statement', text: `${prelude};` });
      i = j + 1;
      continue;
    }
    const end = endOfBlock(css, j);
    const body = css.slice(j + 1, end - 1);
    nodes.push(
      BLOCKS_OF_RULES.test(prelude)
        ? { kind: 'block', prelude, children: parse(body) }
        : { kind: 'rule', prelude, body },
    );
    i = end;
  }
  return nodes;
}

/** Splits a selector list at its top-level commas (not those inside `:not(a, b)`). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i += 1) {
    const char = prelude[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(prelude.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start).trim());
  return parts;
}

/** Removes `:not(...)` groups, which a matching element need not carry, and attribute values. */
function withoutNegations(selector: string): string {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(':not(', i)) {
      let depth = 0;
      let j = i + 4;
      do {
        if (selector[j] === '(') depth += 1;
        else if (selector[j] === ')') depth -= 1;
        j += 1;
      } while (depth > 0 && j < selector.length);
      i = j;
    } else if (selector[i] === '[') {
      i = selector.indexOf(']', i) + 1 || selector.length;
    } else {
      out += selector[i];
      i += 1;
    }
  }
  return out;
}

const CLASS = /\.(?<name>-?[_a-zA-Z][\w-]*)/g;

/** The classes an element must carry for the selector to match it. */
export function requiredClasses(selector: string): string[] {
  return [...withoutNegations(selector).matchAll(CLASS)].map((match) => match.groups?.name ?? '');
}

/** Every class a stylesheet's selectors name. */
export function cssClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const visit = (nodes: CssNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'block') visit(node.children);
      else if (node.kind === 'rule' && !node.prelude.startsWith('@')) {
        for (const selector of splitSelectors(node.prelude)) {
          for (const name of requiredClasses(selector)) classes.add(name);
        }
      }
    }
  };
  visit(parse(withoutComments(css)));
  return classes;
}

/** The words of a source text that could be class names: runs of letters, digits, `-`, `_`. */
export function classLikeWords(text: string): Set<string> {
  return new Set(text.split(/[^\w-]+/).filter(Boolean));
}

function keptRules(nodes: CssNode[], isUsed: (name: string) => boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'statement') {
      out += node.text;
    } else if (node.kind === 'block') {
      const inner = keptRules(node.children, isUsed);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (node.prelude.startsWith('@')) {
      out += `${node.prelude}{${node.body}}`;
    } else {
      const selectors = splitSelectors(node.prelude).filter((selector) =>
        requiredClasses(selector).every(isUsed),
      );
      if (selectors.length > 0) out += `${selectors.join(',')}{${node.body}}`;
    }
  }
  return out;
}

/**
 * The stylesheet without the selectors that need a class `isUsed` rejects; rules left with no
 * selector, empty @media blocks and @keyframes no kept rule animates go too. Comments are dropped.
 */
export function subsetCss(css: string, isUsed: (name: string) => boolean): string {
  const kept = keptRules(parse(withoutComments(css)), isUsed);
  // @keyframes are kept above; the ones nothing refers to any more are removed here.
  return kept.replace(/@keyframes\s+([\w-]+)\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, (block, name) => {
    const rest = kept.replace(block, '');
    return new RegExp(`[:\\s,]${name}\\b`).test(rest) ? block : '';
  });
}
