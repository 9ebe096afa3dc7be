import { loadSharp } from '../images/sharp.ts';

/**
 * Demo cover art drawn locally from SVG (no network): a gradient in the game's palette, soft
 * shapes that vary by index and a simple emblem. Shapes only: fonts may be missing on the host.
 */
const WIDTH = 1280;
const HEIGHT = 720;

interface Palette {
  from: string;
  to: string;
  accents: [string, string, string];
  emblem: (cx: number, cy: number, size: number) => string;
}

const heart = (cx: number, cy: number, s: number) =>
  `<path d="M ${cx} ${cy + s * 0.9} C ${cx - s * 1.6} ${cy - s * 0.1}, ${cx - s * 0.8} ${cy - s * 1.3}, ${cx} ${cy - s * 0.45}` +
  ` C ${cx + s * 0.8} ${cy - s * 1.3}, ${cx + s * 1.6} ${cy - s * 0.1}, ${cx} ${cy + s * 0.9} Z" fill="#fff" fill-opacity="0.9"/>`;

const house = (cx: number, cy: number, s: number) =>
  `<polygon points="${cx - s},${cy - s * 0.1} ${cx},${cy - s} ${cx + s},${cy - s * 0.1}" fill="#fff" fill-opacity="0.9"/>` +
  `<rect x="${cx - s * 0.75}" y="${cy - s * 0.1}" width="${s * 1.5}" height="${s}" fill="#fff" fill-opacity="0.8"/>` +
  `<rect x="${cx - s * 0.18}" y="${cy + s * 0.35}" width="${s * 0.36}" height="${s * 0.55}" fill="#000" fill-opacity="0.25"/>`;

const fruit = (cx: number, cy: number, s: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${s * 0.85}" fill="#fff" fill-opacity="0.9"/>` +
  `<circle cx="${cx - s * 0.25}" cy="${cy - s * 0.2}" r="${s * 0.3}" fill="none" stroke="#7b2ff7" stroke-opacity="0.5" stroke-width="${s * 0.08}"/>` +
  `<circle cx="${cx + s * 0.3}" cy="${cy + s * 0.25}" r="${s * 0.22}" fill="none" stroke="#7b2ff7" stroke-opacity="0.5" stroke-width="${s * 0.08}"/>` +
  `<ellipse cx="${cx + s * 0.3}" cy="${cy - s * 0.95}" rx="${s * 0.35}" ry="${s * 0.15}" fill="#4be37a" transform="rotate(-25 ${cx + s * 0.3} ${cy - s * 0.95})"/>`;

const paw = (cx: number, cy: number, s: number) =>
  `<ellipse cx="${cx}" cy="${cy + s * 0.3}" rx="${s * 0.6}" ry="${s * 0.5}" fill="#fff" fill-opacity="0.9"/>` +
  [-0.75, -0.27, 0.27, 0.75]
    .map((dx, i) => `<circle cx="${cx + dx * s}" cy="${cy - s * (i === 0 || i === 3 ? 0.3 : 0.65)}" r="${s * 0.24}" fill="#fff" fill-opacity="0.9"/>`)
    .join('');

const knife = (cx: number, cy: number, s: number) =>
  `<polygon points="${cx - s * 0.15},${cy + s * 0.2} ${cx + s * 0.15},${cy + s * 0.2} ${cx + s * 0.05},${cy - s} ${cx - s * 0.05},${cy - s}" fill="#fff" fill-opacity="0.9"/>` +
  `<rect x="${cx - s * 0.45}" y="${cy + s * 0.2}" width="${s * 0.9}" height="${s * 0.14}" fill="#fff" fill-opacity="0.8"/>` +
  `<rect x="${cx - s * 0.12}" y="${cy + s * 0.34}" width="${s * 0.24}" height="${s * 0.6}" rx="${s * 0.08}" fill="#000" fill-opacity="0.3"/>`;

const crosshair = (cx: number, cy: number, s: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${s * 0.75}" fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="${s * 0.12}"/>` +
  `<rect x="${cx - s * 0.06}" y="${cy - s}" width="${s * 0.12}" height="${s * 2}" fill="#fff" fill-opacity="0.9"/>` +
  `<rect x="${cx - s}" y="${cy - s * 0.06}" width="${s * 2}" height="${s * 0.12}" fill="#fff" fill-opacity="0.9"/>`;

const door = (cx: number, cy: number, s: number) =>
  `<rect x="${cx - s * 0.55}" y="${cy - s}" width="${s * 1.1}" height="${s * 1.9}" rx="${s * 0.1}" fill="#fff" fill-opacity="0.9"/>` +
  `<rect x="${cx - s * 0.4}" y="${cy - s * 0.85}" width="${s * 0.8}" height="${s * 1.6}" fill="#000" fill-opacity="0.25"/>` +
  `<circle cx="${cx + s * 0.25}" cy="${cy}" r="${s * 0.09}" fill="#fff"/>`;

const star = (cx: number, cy: number, s: number) =>
  `<polygon points="${Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? s : s * 0.45;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${Math.round(cx + r * Math.cos(a))},${Math.round(cy + r * Math.sin(a))}`;
  }).join(' ')}" fill="#fff" fill-opacity="0.9"/>`;

const globe = (cx: number, cy: number, s: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${s * 0.9}" fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="${s * 0.1}"/>` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${s * 0.4}" ry="${s * 0.9}" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="${s * 0.08}"/>` +
  `<rect x="${cx - s * 0.9}" y="${cy - s * 0.04}" width="${s * 1.8}" height="${s * 0.08}" fill="#fff" fill-opacity="0.8"/>`;

const palettes: Record<string, Palette> = {
  'Adopt Me!': { from: '#ff5fa8', to: '#ffb347', accents: ['#fff3a6', '#7fd6ff', '#ffffff'], emblem: heart },
  'Brookhaven RP': { from: '#2f6fd6', to: '#00c9b7', accents: ['#ffe66d', '#a0f0ff', '#ffffff'], emblem: house },
  'Blox Fruits': { from: '#15185c', to: '#8a2be2', accents: ['#ff9f1c', '#2ec4ff', '#ff4d6d'], emblem: fruit },
  'Pet Simulator X': { from: '#0f9b8e', to: '#b6f24a', accents: ['#ffffff', '#ffd23f', '#3ddcff'], emblem: paw },
  'Murder Mystery 2': { from: '#3a0d12', to: '#c0392b', accents: ['#ffcccb', '#f1c40f', '#ffffff'], emblem: knife },
  Arsenal: { from: '#1d2b53', to: '#ff7b00', accents: ['#ffd23f', '#7fd6ff', '#ffffff'], emblem: crosshair },
  Doors: { from: '#10100f', to: '#6b4f2a', accents: ['#ffe8a3', '#9ad0ff', '#ffffff'], emblem: door },
  'Da Hood': { from: '#2d2d2d', to: '#7a2cbf', accents: ['#ff4d6d', '#ffd23f', '#ffffff'], emblem: star },
  Universal: { from: '#0b486b', to: '#3ddc97', accents: ['#ffffff', '#ffd23f', '#a0f0ff'], emblem: globe },
};

const fallback: Palette = { from: '#434343', to: '#8e9eab', accents: ['#ffffff', '#ffd23f', '#3ddcff'], emblem: fruit };

/** A small seeded generator, so the same game and index always draw the same picture. */
export function random(seedText: string): () => number {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function demoImageSvg(game: string, index: number): string {
  const palette = palettes[game] ?? fallback;
  const next = random(`${game}#${index}`);
  const pick = () => palette.accents[Math.floor(next() * palette.accents.length)] ?? '#ffffff';
  const round = (value: number) => Math.round(value);
  const angle = round(next() * 360);

  const circles = Array.from({ length: 7 }, () => {
    const r = round(40 + next() * 220);
    return `<circle cx="${round(next() * WIDTH)}" cy="${round(next() * HEIGHT)}" r="${r}" fill="${pick()}" fill-opacity="${(0.08 + next() * 0.22).toFixed(2)}"/>`;
  });
  const tiles = Array.from({ length: 2 + (index % 4) }, () => {
    const size = round(60 + next() * 160);
    const x = round(next() * WIDTH);
    const y = round(next() * HEIGHT);
    return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${round(size / 5)}" fill="none" stroke="${pick()}" stroke-opacity="0.45" stroke-width="10" transform="rotate(${round(next() * 90)} ${x + size / 2} ${y + size / 2})"/>`;
  });
  const stripes = Array.from({ length: index % 3 }, (_, i) => {
    const y = round(120 + next() * 480);
    return `<rect x="-200" y="${y}" width="${WIDTH + 400}" height="${24 + i * 12}" fill="#fff" fill-opacity="0.12" transform="rotate(-12 ${WIDTH / 2} ${y})"/>`;
  });
  // The emblem alternates sides so neighbouring cards of one game do not look identical.
  const cx = index % 2 === 0 ? 900 : 380;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${stripes.join('')}${circles.join('')}${tiles.join('')}
<circle cx="${cx}" cy="360" r="230" fill="#000" fill-opacity="0.12"/>
${palette.emblem(cx, 370, 150)}
</svg>`;
}

/** Renders the demo cover as a PNG; the regular upload pipeline turns it into WebP renditions. */
export async function renderDemoImage(game: string, index: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(demoImageSvg(game, index))).png().toBuffer();
}

/** A game's icon: its palette's gradient and emblem, centred, 16:9 like every stored image. */
export function demoIconSvg(game: string): string {
  const palette = palettes[game] ?? fallback;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="bg" gradientTransform="rotate(35 0.5 0.5)">
<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#bg)"/>
<circle cx="320" cy="180" r="140" fill="#000" fill-opacity="0.15"/>
${palette.emblem(320, 185, 95)}
</svg>`;
}

/** Renders a game's demo icon as a PNG, for the regular upload pipeline. */
export async function renderDemoIcon(game: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(demoIconSvg(game))).png().toBuffer();
}
