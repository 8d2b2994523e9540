// Vite plugin: in the production build, Bootstrap's stylesheet keeps only the rules of the
// classes the app uses, so the first load of `/` stays under its 25 KB of CSS
// (scripts/lib/first-load.mjs; the whole stylesheet is 30 KB compressed). The dev server
// serves it whole.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { classLikeWords, cssClasses, subsetCss } from './css-subset.ts';

/**
 * Class families react-bootstrap builds at run time from a prefix and a prop value
 * (`btn-${variant}`, `col-${breakpoint}-${span}`, `carousel-item-${direction}`), which therefore
 * never appear whole in our source: every class of these families is kept. A family is a class
 * name and every class that starts with it and a hyphen.
 */
const COMPOSED_FAMILIES = [
  // Components the app renders through react-bootstrap.
  'alert',
  'badge',
  'btn',
  'card',
  'carousel',
  'col',
  'container',
  'form',
  'input-group',
  'list-group',
  'modal',
  'nav',
  'navbar',
  'offcanvas',
  'offset',
  'order',
  'row',
  'spinner',
  'table',
  'toast',
  // Utilities its props turn into classes: `bg="success"`, `pill`, ToastContainer's position.
  'bg',
  'text',
  'border',
  'rounded',
  'position',
  'top',
  'bottom',
  'start',
  'end',
  'translate-middle',
  // Headings it styles by class: a modal's title is a div with the class `h4`.
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  // States its transitions and form controls set.
  'active',
  'collapse',
  'collapsing',
  'disabled',
  'fade',
  'has-validation',
  'hide',
  'invalid-feedback',
  'invalid-tooltip',
  'is-invalid',
  'is-valid',
  'show',
  'showing',
  'slide',
  'valid-feedback',
  'valid-tooltip',
  'was-validated',
];

/**
 * Bootstrap classes that are also ordinary words of the built scripts without the app using them
 * as classes: element, attribute and prop names (`<small>`, `popover`, Feedback's `tooltip`), and
 * the fixed bars react-bootstrap's modal looks for to pad them while it is open. Any other
 * Bootstrap class named in the scripts but cut from the stylesheet fails the build.
 */
const WORDS_THAT_ARE_NOT_CLASSES = new Set([
  'small',
  'mark',
  'placeholder',
  'popover',
  'tooltip',
  'visible',
  'invisible',
  'fixed-top',
  'fixed-bottom',
  'sticky-top',
]);

/**
 * Minified scripts are full of short names (`vr`, `bi`) that no class is meant by, and of short
 * names minus a number (the carousel's `z-1`, its index before the active one), which read like
 * the utilities `z-1` or `mt-1`; react-bootstrap composes no class of that shape.
 */
const MINIFIED_SUBTRACTION = /^[A-Za-z_$]{1,2}-\d+$/;
const isClassLike = (word: string) =>
  (word.includes('-') || word.length > 3) &&
  !MINIFIED_SUBTRACTION.test(word) &&
  !WORDS_THAT_ARE_NOT_CLASSES.has(word);

const STYLESHEET = /\/bootstrap\/dist\/css\/bootstrap(\.min)?\.css$/;
const SOURCE_FILE = /\.(ts|tsx)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;

function sourceWords(sourceDir: string): Set<string> {
  const words = new Set<string>();
  for (const entry of readdirSync(sourceDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SOURCE_FILE.test(entry.name) || TEST_FILE.test(entry.name)) continue;
    for (const word of classLikeWords(readFileSync(join(entry.parentPath, entry.name), 'utf8'))) {
      words.add(word);
    }
  }
  return words;
}

export function isInFamily(name: string, families: readonly string[]): boolean {
  return families.some((family) => name === family || name.startsWith(`${family}-`));
}

/** `sourceDir`: the app's sources, whose words name the classes it uses. */
export function bootstrapSubset(sourceDir: string): Plugin {
  let cutClasses = new Set<string>();
  return {
    name: 'proshop:bootstrap-subset',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!STYLESHEET.test(id.replace(/\?.*$/, ''))) return null;
      const words = sourceWords(sourceDir);
      const isUsed = (name: string) => words.has(name) || isInFamily(name, COMPOSED_FAMILIES);
      const subset = subsetCss(code, isUsed);
      cutClasses = new Set([...cssClasses(code)].filter((name) => !isUsed(name)));
      return { code: subset, map: null };
    },
    // The safety net of the word list above: a react-bootstrap component taken into use later
    // names its classes in the built scripts; cutting them would leave it unstyled.
    generateBundle(_options, bundle) {
      const missing: string[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const word of classLikeWords(file.code)) {
          if (cutClasses.has(word) && isClassLike(word)) {
            missing.push(`${word} (${file.fileName})`);
          }
        }
      }
      if (missing.length > 0) {
        this.error(
          `The scripts name Bootstrap classes that the stylesheet subset cut: ${missing.join(', ')}. ` +
            'Add their family to COMPOSED_FAMILIES in apps/web/build/bootstrap-subset.ts.',
        );
      }
    },
  };
}
