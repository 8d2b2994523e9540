// Draws the demo catalogue's product pictures as SVG, in code, and renders them to WebP: each
// picture 600 x 480 and its sized copies (the widths of packages/domain/src/product-image.ts),
// and for every product one or two further views drawn from the same drawing (another colour, a
// close-up, the other side) for the product page's gallery.
// Run `npm run demo-images` (through tsx, for the domain package's TypeScript): it
// writes apps/web/public/images/*.webp, apps/web/public/favicon.svg and the same icon as the
// e-mails' PNG logo, mail-logo.png. The output depends only on this file and that rule (and
// scripts/lib/mail-logo.mjs), so running it again gives the same files; name pictures
// (`npm run demo-images -- trail-shirt`) to draw only those.
import { Buffer } from 'node:buffer';
import { mkdir, writeFile } from 'node:fs/promises';
import { COPY_WIDTHS, imageHeight, sizedImage } from '@proshop/domain/product-image';
import sharp from 'sharp';
import { renderMailLogo } from './lib/mail-logo.mjs';

const WIDTH = 600;
const HEIGHT = 480;
const CENTER = WIDTH / 2;
const WEBP_OPTIONS = { quality: 80, effort: 6, smartSubsample: true };
/** The further views, seen after the main picture, trade a little sharpness for size. */
const VIEW_WEBP_OPTIONS = { ...WEBP_OPTIONS, quality: 70 };
const publicDir = new URL('../apps/web/public/', import.meta.url);
const imagesDir = new URL('images/', publicDir);

// ---------------------------------------------------------------------------------------------
// SVG building blocks

const kebab = (name) => name.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);

function attributes(props) {
  return Object.entries(props)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => ` ${kebab(name)}="${value}"`)
    .join('');
}

const el = (tag, props = {}, children = '') =>
  children ? `<${tag}${attributes(props)}>${children}</${tag}>` : `<${tag}${attributes(props)}/>`;

const rect = (x, y, width, height, radius, props) =>
  el('rect', { x, y, width, height, rx: radius, ...props });
const circle = (cx, cy, r, props) => el('circle', { cx, cy, r, ...props });
const ellipse = (cx, cy, rx, ry, props) => el('ellipse', { cx, cy, rx, ry, ...props });
const path = (d, props) => el('path', { d, ...props });
const line = (x1, y1, x2, y2, props) =>
  el('line', { x1, y1, x2, y2, strokeLinecap: 'round', ...props });
const group = (props, ...children) => el('g', props, children.join(''));
const rotate = (degrees, cx, cy, ...children) =>
  group({ transform: `rotate(${degrees} ${cx} ${cy})` }, ...children);
/** The same shapes again, mirrored about the picture's vertical centre line. */
const mirrored = (...children) =>
  children.join('') + group({ transform: `translate(${WIDTH} 0) scale(-1 1)` }, ...children);

/** A colour `amount` of the way to white (amount > 0) or to black (amount < 0). */
function shade(hex, amount) {
  const target = amount > 0 ? 255 : 0;
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (target - c) * Math.abs(amount)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * Collects the <defs> of one picture: gradients and clip paths get numbered ids, so a drawing
 * asks for `ink.linear([...])` and uses the returned `url(#…)` as a fill.
 */
class Ink {
  #defs = [];
  #count = 0;

  #add(tag, props, children) {
    const id = `d${++this.#count}`;
    this.#defs.push(el(tag, { id, ...props }, children));
    return id;
  }

  /** Stops are colours spread evenly, or [offset, colour, opacity?] triples. */
  static #stops(stops) {
    return stops
      .map((stop, i) => {
        const [offset, color, opacity] = Array.isArray(stop)
          ? stop
          : [i / Math.max(1, stops.length - 1), stop];
        return el('stop', { offset, stopColor: color, stopOpacity: opacity });
      })
      .join('');
  }

  /** A gradient along a direction given in the shape's own box: 'down', 'right' or 'diagonal'. */
  linear(stops, direction = 'down') {
    const ends = { down: [0, 0, 0, 1], right: [0, 0, 1, 0], diagonal: [0, 0, 1, 1] }[direction];
    const [x1, y1, x2, y2] = ends;
    return `url(#${this.#add('linearGradient', { x1, y1, x2, y2 }, Ink.#stops(stops))})`;
  }

  radial(stops, { cx = 0.5, cy = 0.5, r = 0.5 } = {}) {
    return `url(#${this.#add('radialGradient', { cx, cy, r }, Ink.#stops(stops))})`;
  }

  /** Two-tone metal or plastic: light on top, darker below. */
  body(color, light = 0.25, dark = -0.2, direction = 'down') {
    return this.linear([shade(color, light), color, shade(color, dark)], direction);
  }

  /** Cylinder shading: dark edges, a highlight left of centre. */
  cylinder(color) {
    return this.linear(
      [
        [0, shade(color, -0.25)],
        [0.35, shade(color, 0.2)],
        [0.6, color],
        [1, shade(color, -0.35)],
      ],
      'right',
    );
  }

  clip(shapes) {
    return `url(#${this.#add('clipPath', {}, shapes)})`;
  }

  filter(primitives) {
    return `url(#${this.#add('filter', { x: '-30%', y: '-30%', width: '160%', height: '160%' }, primitives)})`;
  }

  get defs() {
    return el('defs', {}, this.#defs.join(''));
  }
}

/** A glossy streak across a shape, clipped to it. */
const gloss = (ink, shape, d, opacity = 0.18) =>
  group({ clipPath: ink.clip(shape) }, path(d, { fill: '#fff', opacity }));

/**
 * One catalogue picture: light neutral backdrop, a soft tinted disc behind the product, a
 * blurred floor shadow and the product itself with a gentle drop shadow. `view` draws the
 * product's further pictures from the same drawing: another colour (its hues turned), a
 * close-up of one part, or its other side (mirrored, tilted); or from a drawing of its own
 * (`kind: 'drawing'`), such as a variant's colour that turning hues would not match.
 */
function scene({ accent, floor = 400, shadowWidth = 170, draw, view }) {
  const ink = new Ink();
  const backdrop = ink.linear(['#f7f6f3', '#ecebe6']);
  const tint = view?.accent ?? accent;
  const halo = ink.radial([
    [0, shade(tint, 0.8)],
    [0.9, shade(tint, 0.86)],
    [1, shade(tint, 0.9), 0],
  ]);
  const blur = ink.filter(el('feGaussianBlur', { stdDeviation: 9 }));
  const lift = ink.filter(
    el('feDropShadow', {
      dx: 0,
      dy: 8,
      stdDeviation: 9,
      floodColor: '#2b2a33',
      floodOpacity: 0.16,
    }),
  );
  const drawn = (view?.kind === 'drawing' ? view.draw : draw)(ink);
  const product =
    view?.kind === 'colour'
      ? group(
          {
            filter: ink.filter(
              el('feColorMatrix', { type: 'hueRotate', values: view.hue }) +
                el('feColorMatrix', { type: 'saturate', values: view.saturate ?? 1 }),
            ),
          },
          drawn,
        )
      : view?.kind === 'side'
        ? rotate(
            view.tilt,
            CENTER,
            240,
            group({ transform: `translate(${WIDTH} 0) scale(-1 1)` }, drawn),
          )
        : drawn;
  const [focusX, focusY] = view?.kind === 'detail' ? view.focus : [CENTER, 240];
  const zoom = view?.kind === 'detail' ? view.zoom : 1;
  const closeUp = (...children) =>
    zoom === 1
      ? children.join('')
      : group(
          { transform: `translate(${CENTER} 240) scale(${zoom}) translate(${-focusX} ${-focusY})` },
          ...children,
        );
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: WIDTH,
      height: HEIGHT,
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    },
    ink.defs +
      rect(0, 0, WIDTH, HEIGHT, 0, { fill: backdrop }) +
      circle(CENTER, 236, 190, { fill: halo }) +
      closeUp(
        ellipse(CENTER, floor, shadowWidth, 16, { fill: '#3a3845', opacity: 0.22, filter: blur }),
        group({ filter: lift }, product),
      ),
  );
}

// ---------------------------------------------------------------------------------------------
// The products, one drawing each. Every drawing gets an Ink for its gradients and returns SVG.

function headphones(ink) {
  const band = ink.linear(['#4a4a57', '#25252d']);
  const cup = ink.body('#d9d4ea', 0.3, -0.25);
  const cushion = ink.linear(['#3b3a46', '#22212a'], 'right');
  const earCup = () =>
    rect(150, 262, 78, 126, 36, { fill: cup }) +
    rect(212, 276, 34, 98, 16, { fill: cushion }) +
    rect(166, 282, 16, 58, 8, { fill: '#fff', opacity: 0.35 }) +
    rect(176, 240, 28, 36, 8, { fill: '#9c97b3' });
  return (
    path('M190 262 C186 70 414 70 410 262', {
      fill: 'none',
      stroke: band,
      strokeWidth: 24,
      strokeLinecap: 'round',
    }) +
    path('M214 170 C240 110 360 110 386 170', {
      fill: 'none',
      stroke: '#6e6a85',
      strokeWidth: 12,
      strokeLinecap: 'round',
    }) +
    mirrored(earCup())
  );
}

function camera(ink) {
  const shell = ink.body('#33333c', 0.18, -0.3);
  const lensBarrel = ink.linear(['#51515d', '#1d1d23']);
  const glass = ink.radial(
    [
      [0, '#8fb3ff'],
      [0.45, '#3c3f8f'],
      [1, '#0f1024'],
    ],
    { cx: 0.4, cy: 0.38, r: 0.6 },
  );
  return (
    path('M250 196 L268 160 L352 160 L370 196 Z', { fill: ink.body('#3d3d47') }) +
    rect(140, 192, 320, 184, 26, { fill: shell }) +
    rect(140, 210, 62, 150, 22, { fill: '#23232a' }) +
    rect(160, 180, 34, 14, 5, { fill: '#bcbcc6' }) +
    circle(410, 214, 9, { fill: '#e4574b' }) +
    circle(318, 288, 92, { fill: lensBarrel }) +
    circle(318, 288, 76, { fill: '#141419', stroke: '#6d6d78', strokeWidth: 3 }) +
    circle(318, 288, 58, { fill: glass }) +
    circle(318, 288, 22, { fill: '#0b0b16', opacity: 0.7 }) +
    ellipse(298, 266, 16, 10, { fill: '#fff', opacity: 0.55, transform: 'rotate(-30 298 266)' })
  );
}

function smartphone(ink) {
  const frame = ink.body('#c7c9d6', 0.35, -0.25);
  const back = ink.linear(['#7ab8c9', '#3f7f96'], 'diagonal');
  const screen = ink.linear(['#ffb38a', '#e6679a', '#6a5acd'], 'diagonal');
  const lens = (x, y) =>
    circle(x, y, 13, { fill: '#1b1b22', stroke: '#6d7c88', strokeWidth: 3 }) +
    circle(x - 4, y - 4, 3, { fill: '#fff', opacity: 0.6 });
  const backPhone = rotate(
    10,
    360,
    250,
    rect(290, 92, 150, 306, 28, { fill: frame }),
    rect(296, 98, 138, 294, 23, { fill: back }),
    rect(308, 110, 64, 96, 18, { fill: '#2f6a80', opacity: 0.9 }),
    lens(340, 134),
    lens(340, 180),
    circle(360, 157, 5, { fill: '#fff6d6' }),
  );
  const screenShape = rect(174, 100, 136, 292, 22);
  const frontPhone = rotate(
    -8,
    242,
    250,
    rect(166, 92, 152, 308, 30, { fill: '#1d1d24' }),
    rect(174, 100, 136, 292, 22, { fill: screen }),
    group(
      { clipPath: ink.clip(screenShape), opacity: 0.35 },
      circle(170, 330, 90, { fill: '#fff' }),
      circle(320, 150, 70, { fill: '#3d2d8f' }),
    ),
    rect(220, 108, 44, 10, 5, { fill: '#101014' }),
    rect(214, 376, 56, 5, 2.5, { fill: '#fff', opacity: 0.7 }),
  );
  return backPhone + frontPhone;
}

function gamingConsole(ink) {
  const slab = ink.body('#f4f4f8', 0.4, -0.12);
  const pad = ink.body('#4b4f6b', 0.2, -0.3);
  const stick = (x, y) =>
    circle(x, y, 23, { fill: '#1f2030' }) + circle(x, y, 15, { fill: '#3a3d55' });
  const buttons = [
    [0, -21, '#55c1a4'],
    [21, 0, '#e4574b'],
    [0, 21, '#5b8def'],
    [-21, 0, '#f2b441'],
  ]
    .map(([dx, dy, fill]) => circle(408 + dx, 250 + dy, 10, { fill }))
    .join('');
  const station = group(
    {},
    rect(150, 104, 300, 96, 18, { fill: slab }),
    rect(150, 178, 300, 22, 0, { fill: '#1f2030', opacity: 0.85 }),
    rect(178, 136, 120, 8, 4, { fill: '#c9c9d6' }),
    circle(414, 140, 7, { fill: '#5b8def' }),
  );
  const controller = group(
    {},
    path(
      'M300 200 C340 200 370 190 396 190 C442 190 466 212 480 252 C498 310 512 374 482 390 ' +
        'C456 404 436 380 420 354 C404 328 380 318 300 318 C220 318 196 328 180 354 C164 380 144 404 ' +
        '118 390 C88 374 102 310 120 252 C134 212 158 190 204 190 C230 190 260 200 300 200 Z',
      { fill: pad },
    ),
    rect(176, 240, 52, 18, 5, { fill: '#1f2030' }),
    rect(193, 223, 18, 52, 5, { fill: '#1f2030' }),
    buttons,
    stick(254, 296),
    stick(346, 296),
    rect(282, 222, 36, 8, 4, { fill: '#8fb3ff' }),
  );
  return station + controller;
}

function wirelessMouse(ink) {
  const shell =
    'M300 120 C364 120 390 172 390 252 C390 346 356 404 300 404 C244 404 210 346 210 252 C210 172 236 120 300 120 Z';
  return rotate(
    -16,
    300,
    262,
    path(shell, { fill: ink.body('#f1f1f6', 0.5, -0.18, 'right') }),
    group(
      { clipPath: ink.clip(path(shell)) },
      rect(200, 120, 22, 290, 0, { fill: '#55c1a4' }),
      rect(378, 120, 22, 290, 0, { fill: '#55c1a4' }),
    ),
    path('M212 228 C260 240 340 240 388 228', { fill: 'none', stroke: '#b8b8c8', strokeWidth: 3 }),
    line(300, 122, 300, 236, { stroke: '#b8b8c8', strokeWidth: 3 }),
    rect(290, 152, 20, 46, 10, { fill: '#3a3d55' }),
    ellipse(262, 176, 18, 34, { fill: '#fff', opacity: 0.6 }),
  );
}

function smartSpeaker(ink) {
  const fabric = ink.cylinder('#6f7f8f');
  const dots = Array.from({ length: 9 }, (_, row) =>
    Array.from({ length: 13 }, (_, col) =>
      circle(228 + col * 12 + (row % 2) * 6, 196 + row * 20, 2.2, {
        fill: '#2f3a45',
        opacity: 0.35,
      }),
    ).join(''),
  ).join('');
  return (
    rect(212, 150, 176, 236, 0, { fill: fabric }) +
    ellipse(300, 386, 88, 22, { fill: shade('#6f7f8f', -0.3) }) +
    dots +
    ellipse(300, 150, 88, 22, { fill: ink.body('#d7dde4', 0.3, -0.1) }) +
    ellipse(300, 150, 62, 14, {
      fill: 'none',
      stroke: ink.linear(['#6fe3ff', '#5b8def', '#b36bff'], 'right'),
      strokeWidth: 5,
    }) +
    circle(300, 150, 6, { fill: '#8895a3' })
  );
}

function laptop(ink) {
  const wallpaper = ink.linear(['#5b8def', '#8a6bef', '#f59fb8'], 'diagonal');
  const screenShape = rect(178, 118, 244, 168, 4);
  return (
    rect(164, 104, 272, 196, 14, { fill: '#22232b' }) +
    rect(178, 118, 244, 168, 4, { fill: wallpaper }) +
    gloss(ink, screenShape, 'M178 118 L330 118 L230 286 L178 286 Z', 0.14) +
    path('M178 286 C240 230 330 250 422 200 L422 286 Z', { fill: '#fff', opacity: 0.22 }) +
    path(
      'M120 300 L480 300 L468 326 C466 332 460 336 452 336 L148 336 C140 336 134 332 132 326 Z',
      {
        fill: ink.body('#d5d7e0', 0.35, -0.25),
      },
    ) +
    rect(262, 300, 76, 8, 4, { fill: '#a7aab8' })
  );
}

function mechanicalKeyboard(ink) {
  const columns = 14;
  const keyRows = [0, 1, 2, 3].flatMap((row) =>
    Array.from({ length: columns }, (_, col) => ({
      x: 124 + col * 25.5,
      y: 184 + row * 27,
      w: 21,
    })),
  );
  const spaceRow = [
    { x: 124, y: 292, w: 47 },
    { x: 175.5, y: 292, w: 47 },
    { x: 227, y: 292, w: 148 },
    { x: 379.5, y: 292, w: 47 },
    { x: 431, y: 292, w: 47 },
  ];
  const accent = new Set([0, columns - 1, 3 * columns + columns - 1]);
  const keys = [...keyRows, ...spaceRow]
    .map(({ x, y, w }, i) => {
      const top = accent.has(i) ? '#f2b441' : '#f4f4f8';
      return (
        rect(x, y + 3, w, 21, 5, { fill: accent.has(i) ? '#b9822a' : '#b7b8c6' }) +
        rect(x, y, w, 20, 5, { fill: top })
      );
    })
    .join('');
  return rotate(
    -6,
    300,
    250,
    rect(110, 170, 380, 154, 18, { fill: ink.body('#3e4256', 0.15, -0.3) }),
    keys,
  );
}

function smartwatch(ink) {
  const strap = ink.linear(['#f08a6b', '#d9604a', '#f08a6b']);
  const ring = (r, color, fraction) =>
    circle(300, 240, r, { fill: 'none', stroke: color, strokeWidth: 9, opacity: 0.25 }) +
    circle(300, 240, r, {
      fill: 'none',
      stroke: color,
      strokeWidth: 9,
      strokeLinecap: 'round',
      strokeDasharray: `${(2 * Math.PI * r * fraction).toFixed(1)} 999`,
      transform: 'rotate(-90 300 240)',
    });
  return (
    rect(254, 70, 92, 340, 26, { fill: strap }) +
    [110, 128, 146].map((y) => rect(294, y + 220, 12, 12, 6, { fill: '#b44a38' })).join('') +
    rect(374, 206, 14, 36, 5, { fill: ink.body('#c7c9d6') }) +
    rect(220, 156, 160, 168, 44, { fill: ink.body('#d9dbe4', 0.4, -0.3, 'diagonal') }) +
    rect(232, 168, 136, 144, 34, { fill: '#111116' }) +
    ring(48, '#e4574b', 0.78) +
    ring(35, '#9be15d', 0.6) +
    ring(22, '#5bc8ef', 0.42)
  );
}

function deskLamp(ink) {
  const metal = '#2f6e73';
  const arm = { stroke: ink.linear([shade(metal, 0.2), metal]), strokeWidth: 14 };
  const joint = (x, y) =>
    circle(x, y, 11, { fill: '#22252e' }) + circle(x, y, 4, { fill: '#8895a3' });
  return (
    path('M356 250 L457 187 L600 392 L392 392 Z', {
      fill: ink.linear([
        [0, '#ffe8a3', 0.7],
        [1, '#ffe8a3', 0],
      ]),
    }) +
    ellipse(220, 388, 76, 16, { fill: shade(metal, -0.35) }) +
    rect(144, 372, 152, 16, 8, { fill: ink.body(metal) }) +
    line(220, 372, 260, 232, arm) +
    line(260, 232, 368, 170, arm) +
    joint(220, 372) +
    joint(260, 232) +
    rotate(
      -32,
      380,
      176,
      path('M356 156 L404 156 L440 226 C420 238 340 238 320 226 Z', {
        fill: ink.body(metal, 0.25, -0.25),
      }),
      ellipse(380, 228, 60, 10, { fill: '#fff6cf' }),
      joint(380, 164),
    )
  );
}

function backpack(ink) {
  const fabric = '#d8734a';
  const shape =
    'M206 186 C206 118 394 118 394 186 L400 372 C400 396 384 408 358 408 L242 408 C216 408 200 396 200 372 Z';
  return (
    path('M272 128 C272 86 328 86 328 128', {
      fill: 'none',
      stroke: shade(fabric, -0.35),
      strokeWidth: 12,
      strokeLinecap: 'round',
    }) +
    mirrored(rect(186, 180, 26, 200, 12, { fill: shade(fabric, -0.3) })) +
    path(shape, { fill: ink.body(fabric, 0.15, -0.2) }) +
    gloss(ink, path(shape), 'M200 120 L270 120 L230 410 L200 410 Z', 0.12) +
    path('M218 200 C250 178 350 178 382 200', {
      fill: 'none',
      stroke: shade(fabric, -0.3),
      strokeWidth: 4,
      strokeDasharray: '2 6',
    }) +
    rect(234, 276, 132, 116, 26, { fill: ink.body(shade(fabric, -0.12), 0.1, -0.2) }) +
    path('M236 300 C270 288 330 288 364 300', { fill: 'none', stroke: '#5a2f20', strokeWidth: 3 }) +
    rect(338, 292, 8, 24, 4, { fill: '#f2d7a8' }) +
    rect(280, 232, 40, 12, 6, { fill: '#f2d7a8' })
  );
}

function runningShoes(ink) {
  const upper = ink.linear(['#6fa8ff', '#4a6fe0'], 'diagonal');
  const stripe = (x) =>
    path(`M${x} 346 L${x + 26} 346 L${x + 66} 276 L${x + 48} 270 Z`, {
      fill: '#f2f5ff',
      opacity: 0.9,
    });
  // Laces cross the instep at right angles to its slope (0.6).
  const laces = [0, 1, 2, 3]
    .map((i) => {
      const x = 302 + i * 15;
      const y = 240 + 0.6 * (x - 292);
      return line(x - 1, y + 3, x - 10, y + 18, { stroke: '#fff', strokeWidth: 5 });
    })
    .join('');
  return (
    path(
      'M144 350 C130 300 136 246 170 226 L216 222 C232 250 266 256 292 240 L352 276 ' +
        'C408 290 456 296 484 318 C502 334 498 354 470 358 L144 358 Z',
      { fill: upper },
    ) +
    stripe(190) +
    stripe(226) +
    laces +
    path('M170 226 L216 222 C210 236 200 244 182 246 Z', { fill: '#2f3f8f' }) +
    path('M128 350 L482 350 C508 352 512 376 484 384 L150 384 C126 384 118 362 128 350 Z', {
      fill: ink.linear(['#ffffff', '#d9dbe4']),
    }) +
    path('M132 372 L500 372', { stroke: '#f2b441', strokeWidth: 6 })
  );
}

function coffeeMaker(ink) {
  const shell = ink.body('#3a3d4a', 0.15, -0.3, 'right');
  const carafe =
    'M216 236 L316 236 L324 258 C346 292 340 350 318 366 L214 366 C192 350 186 292 208 258 Z';
  return (
    rect(326, 112, 104, 282, 16, { fill: shell }) +
    rect(342, 140, 72, 150, 10, { fill: ink.linear(['#cfe8f5', '#8ac2de']), opacity: 0.9 }) +
    rect(342, 220, 72, 70, 0, { fill: '#5b9fc4', opacity: 0.5 }) +
    rect(186, 112, 244, 66, 18, { fill: ink.body('#4a4e5e') }) +
    rect(176, 364, 254, 30, 10, { fill: ink.body('#2c2f39') }) +
    circle(400, 334, 8, { fill: '#e4574b' }) +
    path('M210 262 C168 262 168 340 210 340', {
      fill: 'none',
      stroke: '#2c2f39',
      strokeWidth: 12,
    }) +
    path(carafe, { fill: '#e8f3f8', opacity: 0.55 }) +
    group(
      { clipPath: ink.clip(path(carafe)) },
      rect(180, 300, 170, 80, 0, { fill: ink.linear(['#7a4a2b', '#3f2414']) }),
    ) +
    rect(206, 222, 120, 18, 6, { fill: '#2c2f39' }) +
    rect(218, 262, 10, 82, 5, { fill: '#fff', opacity: 0.5 })
  );
}

function sunglasses(ink) {
  const lensPath =
    'M168 214 C166 198 180 192 198 192 L272 192 C286 192 292 202 290 216 C284 268 262 300 222 300 C184 300 170 262 168 214 Z';
  const tint = ink.linear(['#3a4f8f', '#7a4a8f', '#e08a6b'], 'diagonal');
  const lens =
    path(lensPath, { fill: tint, stroke: '#1f2030', strokeWidth: 10, strokeLinejoin: 'round' }) +
    gloss(ink, path(lensPath), 'M190 192 L226 192 L180 300 L164 300 Z', 0.28) +
    path('M166 204 L122 186', { stroke: '#1f2030', strokeWidth: 10, strokeLinecap: 'round' });
  return (
    mirrored(lens) +
    path('M288 210 C294 198 306 198 312 210', { fill: 'none', stroke: '#1f2030', strokeWidth: 10 })
  );
}

function waterBottle(ink) {
  const steel = ink.cylinder('#2f9c8f');
  return (
    rect(272, 92, 56, 42, 10, { fill: ink.cylinder('#3a3d4a') }) +
    path('M286 92 C286 62 314 62 314 92', { fill: 'none', stroke: '#3a3d4a', strokeWidth: 9 }) +
    path(
      'M278 132 L322 132 C322 150 352 156 352 186 L352 380 C352 396 342 404 326 404 L274 404 ' +
        'C258 404 248 396 248 380 L248 186 C248 156 278 150 278 132 Z',
      { fill: steel },
    ) +
    rect(248, 250, 104, 64, 0, { fill: shade('#2f9c8f', -0.2) }) +
    rect(248, 250, 104, 64, 0, { fill: ink.cylinder('#f2f5f7'), opacity: 0.92 }) +
    circle(300, 282, 16, { fill: '#2f9c8f' }) +
    rect(266, 170, 10, 210, 5, { fill: '#fff', opacity: 0.25 })
  );
}

function eReader(ink) {
  const widths = [118, 124, 96, 122, 110, 124, 80, 120, 116, 124, 102, 60];
  const text = widths
    .map((w, i) => rect(238, 170 + i * 15, w, 6, 3, { fill: '#8d8a80', opacity: 0.8 }))
    .join('');
  return rotate(
    6,
    300,
    250,
    rect(206, 84, 188, 320, 22, { fill: ink.body('#3a3d4a', 0.15, -0.25) }),
    rect(222, 104, 156, 256, 6, { fill: ink.linear(['#f4f1e8', '#e9e5d9']) }),
    rect(238, 124, 84, 12, 4, { fill: '#4a4842' }),
    rect(238, 144, 52, 6, 3, { fill: '#a8a496' }),
    text,
    rect(274, 374, 52, 8, 4, { fill: '#5b5f70' }),
  );
}

/**
 * A short-sleeved technical shirt in `color`, with the brand's little mountain on the chest. Its
 * colours are drawings of their own (not hues turned), so that each looks like the cloth it is.
 */
function trailShirt(color) {
  return (ink) => {
    const outline =
      'M262 110 C274 138 326 138 338 110 L392 122 C420 132 444 152 462 184 L424 222 L400 204 ' +
      'L404 390 C404 396 400 400 394 400 L206 400 C200 400 196 396 196 390 L200 204 L176 222 ' +
      'L138 184 C156 152 180 132 208 122 Z';
    const seam = {
      stroke: shade(color, -0.3),
      strokeWidth: 2.5,
      strokeDasharray: '4 5',
      opacity: 0.8,
    };
    const crease = { fill: 'none', stroke: shade(color, -0.25), strokeWidth: 3, opacity: 0.35 };
    return (
      path('M262 110 C276 98 324 98 338 110 C326 130 274 130 262 110 Z', {
        fill: shade(color, -0.45),
      }) +
      path(outline, { fill: ink.body(color, 0.18, -0.2, 'diagonal') }) +
      gloss(ink, path(outline), 'M150 120 L250 120 L220 400 L150 400 Z', 0.1) +
      // Side panels of a lighter mesh, as on running shirts.
      group(
        { clipPath: ink.clip(path(outline)) },
        mirrored(
          path('M196 214 L224 226 L226 400 L190 400 Z', { fill: shade(color, 0.3), opacity: 0.55 }),
        ),
      ) +
      path('M262 110 C274 138 326 138 338 110', {
        fill: 'none',
        stroke: shade(color, -0.22),
        strokeWidth: 8,
        strokeLinecap: 'round',
      }) +
      mirrored(line(150, 172, 186, 210, seam)) +
      line(204, 384, 396, 384, seam) +
      path('M236 250 C244 300 238 350 246 394', crease) +
      path('M368 236 C360 290 368 340 358 394', crease) +
      path('M340 196 L352 176 L359 187 L365 180 L378 196 Z', { fill: '#f4f1e8', opacity: 0.92 })
    );
  };
}

/** A fleece hoodie: hood, long sleeves with ribbed cuffs, a front pocket and drawstrings. */
function fleeceHoodie(ink) {
  const color = '#d19a3a';
  const fleece = ink.body(color, 0.15, -0.22, 'diagonal');
  const rib = shade(color, -0.18);
  const outline =
    'M232 128 L368 128 L406 142 C434 154 448 176 454 206 L478 348 L440 358 L416 236 ' +
    'L410 356 L190 356 L184 236 L160 358 L122 348 L146 206 C152 176 166 154 194 142 Z';
  const ribLines = (x1, x2, y1, y2, step) =>
    Array.from({ length: Math.floor((x2 - x1) / step) }, (_, i) =>
      line(x1 + step * (i + 0.5), y1, x1 + step * (i + 0.5), y2, {
        stroke: shade(color, -0.32),
        strokeWidth: 2,
        opacity: 0.5,
      }),
    ).join('');
  const cuffShape = 'M122 348 L160 358 L155 384 L117 374 Z';
  const cuff =
    path(cuffShape, { fill: rib }) +
    group(
      { clipPath: ink.clip(path(cuffShape)) },
      rotate(14, 138, 366, ribLines(104, 174, 330, 400, 7)),
    );
  const string = (x1, x2) =>
    path(`M${x1} 150 C${x1 - 2} 180 ${x2 + 2} 200 ${x2} 232`, {
      fill: 'none',
      stroke: '#f4f1e8',
      strokeWidth: 5,
      strokeLinecap: 'round',
    }) + rect(x2 - 4, 230, 8, 16, 3, { fill: '#3a3d4a' });
  return (
    path('M224 150 C206 66 394 66 376 150 Z', { fill: ink.body(color, 0.08, -0.3) }) +
    path(outline, { fill: fleece }) +
    gloss(ink, path(outline), 'M130 130 L240 130 L210 360 L130 360 Z', 0.1) +
    path('M248 140 C244 94 356 94 352 140 C334 164 266 164 248 140 Z', {
      fill: shade(color, -0.5),
    }) +
    path('M248 140 C266 164 334 164 352 140', {
      fill: 'none',
      stroke: shade(color, -0.1),
      strokeWidth: 10,
      strokeLinecap: 'round',
    }) +
    mirrored(cuff) +
    rect(188, 350, 224, 36, 10, { fill: rib }) +
    ribLines(192, 408, 354, 382, 8) +
    path('M240 276 L360 276 L384 346 L216 346 Z', { fill: ink.body(color, 0.05, -0.15) }) +
    mirrored(path('M240 276 L216 346', { stroke: shade(color, -0.35), strokeWidth: 4 })) +
    line(240, 280, 360, 280, {
      stroke: shade(color, -0.3),
      strokeWidth: 2,
      strokeDasharray: '4 5',
    }) +
    string(282, 276) +
    string(318, 324) +
    path('M398 206 L402 300', {
      fill: 'none',
      stroke: shade(color, -0.25),
      strokeWidth: 3,
      opacity: 0.4,
    }) +
    path('M202 206 L198 300', {
      fill: 'none',
      stroke: shade(color, -0.25),
      strokeWidth: 3,
      opacity: 0.4,
    })
  );
}

/** The neutral picture of a newly created product: a closed parcel. */
function sampleParcel(ink) {
  const face = (d, color) => path(d, { fill: ink.body(color, 0.1, -0.1) });
  return (
    face('M300 132 L440 190 L300 248 L160 190 Z', '#e3cfa8') +
    face('M160 190 L300 248 L300 396 L160 338 Z', '#c9ac7c') +
    face('M300 248 L440 190 L440 338 L300 396 Z', '#b39465') +
    path('M230 161 L370 219 L370 240 L230 182 Z', { fill: '#f4ead6', opacity: 0.85 }) +
    path('M370 219 L370 367 L352 374 L352 226 Z', { fill: '#e8dcc2', opacity: 0.85 }) +
    path('M188 246 L250 272 L250 300 L188 274 Z', { fill: '#fff', opacity: 0.7 })
  );
}

/**
 * The pictures, each with its further views (file `<file>-<view>.webp`): the demo catalogue
 * (apps/server/src/commands/seed/demo-catalogue.ts) lists them in the same order.
 */
const pictures = [
  {
    file: 'headphones',
    accent: '#8a7fd1',
    shadowWidth: 150,
    draw: headphones,
    views: {
      sage: { kind: 'colour', hue: 200, accent: '#4fb3a0' },
      detail: { kind: 'detail', focus: [205, 300], zoom: 1.9 },
    },
  },
  {
    file: 'trail-shirt',
    accent: '#5b8def',
    floor: 398,
    shadowWidth: 150,
    draw: trailShirt('#3f6fc4'),
    views: {
      green: { kind: 'drawing', draw: trailShirt('#4f8f5a'), accent: '#7fb069' },
      detail: { kind: 'detail', focus: [330, 170], zoom: 1.9 },
    },
  },
  {
    file: 'camera',
    accent: '#e4574b',
    shadowWidth: 190,
    draw: camera,
    views: {
      lens: { kind: 'detail', focus: [318, 282], zoom: 1.9 },
    },
  },
  {
    file: 'smartphone',
    accent: '#e6679a',
    shadowWidth: 160,
    draw: smartphone,
    views: {
      green: { kind: 'colour', hue: 170, accent: '#5b8def' },
    },
  },
  {
    file: 'gaming-console',
    accent: '#5b8def',
    shadowWidth: 200,
    draw: gamingConsole,
    views: { controller: { kind: 'detail', focus: [300, 290], zoom: 1.5 } },
  },
  {
    file: 'fleece-hoodie',
    accent: '#f2b441',
    floor: 386,
    shadowWidth: 160,
    draw: fleeceHoodie,
    views: { hood: { kind: 'detail', focus: [300, 190], zoom: 1.7 } },
  },
  {
    file: 'wireless-mouse',
    accent: '#55c1a4',
    shadowWidth: 120,
    draw: wirelessMouse,
    views: { coral: { kind: 'colour', hue: 200, accent: '#f08a6b' } },
  },
  {
    file: 'smart-speaker',
    accent: '#5bc8ef',
    floor: 388,
    shadowWidth: 110,
    draw: smartSpeaker,
    views: { top: { kind: 'detail', focus: [300, 190], zoom: 1.8 } },
  },
  {
    file: 'laptop',
    accent: '#8a6bef',
    floor: 334,
    shadowWidth: 200,
    draw: laptop,
    views: { side: { kind: 'side', tilt: 6 } },
  },
  {
    file: 'mechanical-keyboard',
    accent: '#f2b441',
    floor: 350,
    shadowWidth: 210,
    draw: mechanicalKeyboard,
    views: { keys: { kind: 'detail', focus: [190, 250], zoom: 1.9 } },
  },
  {
    file: 'smartwatch',
    accent: '#f08a6b',
    shadowWidth: 90,
    draw: smartwatch,
    views: {
      blue: { kind: 'colour', hue: 190, accent: '#5bc8ef' },
    },
  },
  {
    file: 'desk-lamp',
    accent: '#f2c14e',
    floor: 392,
    shadowWidth: 160,
    draw: deskLamp,
    views: { side: { kind: 'side', tilt: 0 } },
  },
  {
    file: 'backpack',
    accent: '#d8734a',
    floor: 404,
    shadowWidth: 130,
    draw: backpack,
    views: { green: { kind: 'colour', hue: 110, accent: '#7fb069' } },
  },
  {
    file: 'running-shoes',
    accent: '#5b8def',
    floor: 382,
    shadowWidth: 200,
    draw: runningShoes,
    views: { orange: { kind: 'colour', hue: 150, accent: '#e4574b' } },
  },
  {
    file: 'coffee-maker',
    accent: '#a0704a',
    floor: 392,
    shadowWidth: 150,
    draw: coffeeMaker,
    views: { carafe: { kind: 'detail', focus: [265, 300], zoom: 1.7 } },
  },
  {
    file: 'sunglasses',
    accent: '#e08a6b',
    floor: 336,
    shadowWidth: 150,
    draw: sunglasses,
    views: { olive: { kind: 'colour', hue: 120, accent: '#55c1a4' } },
  },
  {
    file: 'water-bottle',
    accent: '#2f9c8f',
    floor: 402,
    shadowWidth: 70,
    draw: waterBottle,
    views: { plum: { kind: 'colour', hue: 120, accent: '#b36bff' } },
  },
  {
    file: 'e-reader',
    accent: '#8d8a80',
    floor: 404,
    shadowWidth: 110,
    draw: eReader,
    views: { page: { kind: 'detail', focus: [300, 200], zoom: 1.7 } },
  },
  { file: 'sample', accent: '#b0aaa0', floor: 380, shadowWidth: 160, draw: sampleParcel },
];

// ---------------------------------------------------------------------------------------------
// The favicon: a shopping bag.

const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="bag" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#6f7cff"/>
      <stop offset="1" stop-color="#4338ca"/>
    </linearGradient>
  </defs>
  <path d="M22 22v-4a10 10 0 0 1 20 0v4" fill="none" stroke="#312e81" stroke-width="5" stroke-linecap="round"/>
  <path d="M12 22h40l-3 34a4 4 0 0 1-4 4H19a4 4 0 0 1-4-4z" fill="url(#bag)"/>
  <path d="M24 36a8 8 0 0 0 16 0" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
</svg>
`;

// ---------------------------------------------------------------------------------------------

/** Writes a picture and its sized copies; answers a line saying how big they are. */
async function render(file, svg, webpOptions = WEBP_OPTIONS) {
  const target = new URL(`${file}.webp`, imagesDir);
  const info = await sharp(svg).webp(webpOptions).toFile(target.pathname);
  const sizes = [`${(info.size / 1024).toFixed(1)} KB`];
  // Drawn again at each width (the pictures are 5:4 like the copies), not scaled down from
  // the 600-pixel picture: the lines stay sharp. Twice the density, then down, for smooth edges.
  for (const width of COPY_WIDTHS) {
    const copy = new URL(sizedImage(`${file}.webp`, width), imagesDir);
    const copyInfo = await sharp(svg, { density: (72 * 2 * width) / WIDTH })
      .resize(width, imageHeight(width))
      .webp(webpOptions)
      .toFile(copy.pathname);
    sizes.push(`${width}w ${(copyInfo.size / 1024).toFixed(1)} KB`);
  }
  return `${`${file}.webp`.padEnd(32)} ${sizes.join(', ')}`;
}

/**
 * `npm run demo-images` draws every picture; `npm run demo-images -- trail-shirt` only the named
 * ones and their views, leaving the other files as they are (another version of sharp or libwebp
 * may encode the same drawing into other bytes).
 */
async function main() {
  const only = process.argv.slice(2);
  const unknown = only.filter((file) => !pictures.some((picture) => picture.file === file));
  if (unknown.length > 0) throw new Error(`No picture named ${unknown.join(', ')}`);
  await mkdir(imagesDir, { recursive: true });
  for (const { file, views = {}, ...options } of pictures) {
    if (only.length > 0 && !only.includes(file)) continue;
    console.log(await render(file, Buffer.from(scene(options))));
    for (const [name, view] of Object.entries(views)) {
      const svg = Buffer.from(scene({ ...options, view }));
      console.log(await render(`${file}-${name}`, svg, VIEW_WEBP_OPTIONS));
    }
  }
  if (only.length > 0) return;
  await writeFile(new URL('favicon.svg', publicDir), favicon);
  console.log('favicon.svg');
  // The e-mails' logo is the same icon as a PNG (scripts/lib/mail-logo.mjs).
  await writeFile(new URL('mail-logo.png', publicDir), await renderMailLogo(Buffer.from(favicon)));
  console.log('mail-logo.png');
}

await main();
