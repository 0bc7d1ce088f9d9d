// The demo's pictures: made up on the spot, so the demo needs no image files.

const PALETTE = ['0f766e', 'b45309', 'be185d', '4338ca', '15803d', 'b91c1c', '0369a1', '7e22ce'];

/**
 * A small self-contained SVG picture (a coloured tile with initials or a short caption) as a data
 * URI, so the demo's logos, icons, banners and cards show something without any image files.
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
  return `data:image/svg+xml,${svg.replaceAll('#', '%23').replaceAll('<', '%3C').replaceAll('>', '%3E')}`;
};
