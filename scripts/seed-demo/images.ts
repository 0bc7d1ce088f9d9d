// The demo's pictures: made up on the spot as small SVG drawings, kept in the file store (issue 42).
// A drawing's key is its content's hash (the year part 0000 marks the demo's), so the same label
// draws the same file; the seed puts the drawings it used into the store (storeDemoImages).
import { createHash } from 'node:crypto';
import { fileUrlOf } from '../../contract/files';
import type { FileStore } from '../../server/platform/files';

const PALETTE = ['0f766e', 'b45309', 'be185d', '4338ca', '15803d', 'b91c1c', '0369a1', '7e22ce'];

/** The drawings handed out since the last storeDemoImages, by their keys. */
const drawn = new Map<string, string>();

const keyOfDrawing = (svg: string): string => {
  const h = createHash('sha256').update(svg).digest('hex');
  return `0000/${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}.svg`;
};

/**
 * A small self-contained SVG picture (a coloured tile with initials or a short caption): the address
 * of its file in the store, so the demo's logos, icons, banners and cards show something.
 */
export const demoImage = (label: string, shape: 'tile' | 'banner' = 'tile'): string => {
  let hash = 0;
  for (const ch of label) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const fill = PALETTE[hash % PALETTE.length];
  const words = label
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const text =
    shape === 'tile'
      ? words
          .slice(0, 2)
          .map((w) => w[0]?.toUpperCase())
          .join('')
      : label.replace(/[<>&'"]/g, '').slice(0, 28);
  const [w, h, size] = shape === 'tile' ? [64, 64, 24] : [320, 120, 22];
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}'>` +
    `<rect width='${w}' height='${h}' rx='10' fill='#${fill}'/>` +
    `<text x='${w / 2}' y='${h / 2 + size / 3}' font-family='sans-serif' font-size='${size}' font-weight='700' text-anchor='middle' fill='#fff'>${text}</text></svg>`;
  const key = keyOfDrawing(svg);
  drawn.set(key, svg);
  return fileUrlOf(key);
};

/** Puts every drawing handed out into `store`: how many. */
export const storeDemoImages = async (store: FileStore): Promise<number> => {
  const count = drawn.size;
  for (const [key, svg] of drawn) await store.put(key, Buffer.from(svg, 'utf8'), 'image/svg+xml');
  drawn.clear();
  return count;
};
