import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isInFamily } from './bootstrap-subset.ts';
import { classLikeWords, cssClasses, requiredClasses, subsetCss } from './css-subset.ts';

const usedOf =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name);

describe('the stylesheet subset', () => {
  it('keeps the rules whose classes are all used and drops the others', () => {
    const css = '.btn{a:1}.accordion{b:2}.btn.active{c:3}.btn .tooltip{d:4}';
    expect(subsetCss(css, usedOf('btn', 'active'))).toBe('.btn{a:1}.btn.active{c:3}');
  });

  it('keeps only the used selectors of a list', () => {
    expect(subsetCss('.btn,.accordion,.nav>.x{a:1}', usedOf('btn'))).toBe('.btn{a:1}');
  });

  it('keeps rules without classes and does not ask for the classes of :not() or attributes', () => {
    const css =
      ':root,[data-bs-theme=light]{--c:red}body{margin:0}' +
      '.btn:not(.collapsed):not(:disabled){a:1}a[href*=".x"]{b:2}';
    expect(subsetCss(css, usedOf('btn'))).toBe(css);
  });

  it('filters inside @media and drops an @media left empty', () => {
    const css =
      '@media (min-width:992px){.col-lg-3{a:1}.offcanvas-lg{b:2}}@media print{.d-print-none{c:3}}';
    expect(subsetCss(css, usedOf('col-lg-3'))).toBe('@media (min-width:992px){.col-lg-3{a:1}}');
  });

  it('drops @keyframes that no kept rule animates', () => {
    const css =
      '@keyframes spinner-border{to{transform:rotate(360deg)}}' +
      '@keyframes placeholder-glow{50%{opacity:.2}}' +
      '.spinner-border{animation:.75s linear infinite spinner-border}.placeholder-glow{animation:placeholder-glow 2s}';
    expect(subsetCss(css, usedOf('spinner-border'))).toBe(
      '@keyframes spinner-border{to{transform:rotate(360deg)}}' +
        '.spinner-border{animation:.75s linear infinite spinner-border}',
    );
  });

  it('keeps statements and reads braces inside strings and comments as text', () => {
    const css = '@charset "UTF-8";/* a { comment */.a::after{content:"}{"}.b{content:\'{\'}';
    expect(subsetCss(css, usedOf('a'))).toBe('@charset "UTF-8";.a::after{content:"}{"}');
  });
});

describe('class names', () => {
  it('that a selector requires leave out negations and attribute values', () => {
    expect(requiredClasses('.navbar-expand-lg .navbar-nav .dropdown-menu[data-bs-popper]')).toEqual(
      ['navbar-expand-lg', 'navbar-nav', 'dropdown-menu'],
    );
    expect(requiredClasses('.btn:not(.btn-check:checked+.btn)')).toEqual(['btn']);
    expect(requiredClasses('a[href$=".pdf"]')).toEqual([]);
  });

  it('of a stylesheet are every class its selectors require', () => {
    expect(cssClasses('.a,.b:hover{x:1}@media print{.c .d{y:2}}')).toEqual(
      new Set(['a', 'b', 'c', 'd']),
    );
  });

  it('in source text are its words of letters, digits, hyphens and underscores', () => {
    expect(classLikeWords('className="d-flex my-2 my-lg-0" bg={`x_y`}')).toEqual(
      new Set(['className', 'd-flex', 'my-2', 'my-lg-0', 'bg', 'x_y']),
    );
  });

  it('of a family are the family name and the names it starts with a hyphen', () => {
    expect(isInFamily('btn', ['btn'])).toBe(true);
    expect(isInFamily('btn-outline-light', ['btn'])).toBe(true);
    expect(isInFamily('btnx', ['btn'])).toBe(false);
    expect(isInFamily('col-md-6', ['btn', 'col'])).toBe(true);
  });
});

describe("Bootstrap's stylesheet cut to what a page uses", () => {
  const require = createRequire(import.meta.url);
  const bootstrap = readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
  const used = ['navbar', 'navbar-expand-lg', 'navbar-nav', 'dropdown-menu', 'btn', 'btn-primary'];
  const subset = subsetCss(bootstrap, (name) => used.includes(name));

  it('keeps the rules of those classes, the variables and the base styles', () => {
    expect(subset).toContain('.btn-primary{');
    expect(subset).toMatch(/\.navbar-expand-lg \.navbar-nav \.dropdown-menu\{position:absolute\}/);
    expect(subset).toContain(':root,[data-bs-theme=light]{');
    expect(subset).toMatch(/(^|\})body\{/);
  });

  it('drops the components and utilities the page does not use', () => {
    expect(subset).not.toMatch(/\.accordion|\.tooltip|\.offcanvas|\.mt-lg-5/);
    expect(cssClasses(subset).size).toBeLessThan(cssClasses(bootstrap).size / 10);
  });
});
