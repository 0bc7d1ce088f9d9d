// The default picture of a wallet pass (issue 26): a brand without a logo still gets a valid PNG icon
// and logo. Drawn here, not shipped as a binary: a white stamp ring on the pass's colour, as RGBA
// scanlines deflated into a PNG (signature, IHDR, IDAT, IEND, each chunk with its CRC-32).
import { crc32, deflateSync } from 'node:zlib';

/** The pass's background colour (also pass.json's backgroundColor). */
export const PASS_RGB = [21, 101, 192] as const;

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG of `width` × `height` RGBA pixels from `pixel(x, y)`, each channel 0-255. */
export const encodePng = (
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number, number],
): Buffer => {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  let at = 0;
  for (let y = 0; y < height; y += 1) {
    raw[at++] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b, a] = pixel(x, y);
      raw[at++] = r;
      raw[at++] = g;
      raw[at++] = b;
      raw[at++] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** How much of the pixel at (x, y) of a `size` square the ring covers, 0 to 1 (4×4 samples). */
const ringCover = (x: number, y: number, size: number): number => {
  const c = size / 2;
  const outer = size * 0.34;
  const inner = size * 0.24;
  const dot = size * 0.12;
  let hits = 0;
  for (let i = 0; i < 4; i += 1)
    for (let j = 0; j < 4; j += 1) {
      const d = Math.hypot(x + (i + 0.5) / 4 - c, y + (j + 0.5) / 4 - c);
      if ((d <= outer && d >= inner) || d <= dot) hits += 1;
    }
  return hits / 16;
};

/** The default square icon: a white stamp ring with a dot on the pass's colour. */
export const defaultIcon = (size: number): Buffer =>
  encodePng(size, size, (x, y) => {
    const k = ringCover(x, y, size);
    const mix = (c: number) => Math.round(c + (255 - c) * k);
    return [mix(PASS_RGB[0]), mix(PASS_RGB[1]), mix(PASS_RGB[2]), 255];
  });

const memo = new Map<number, Buffer>();
/** defaultIcon, drawn once per size. */
export const defaultIconOf = (size: number): Buffer => {
  let png = memo.get(size);
  if (!png) {
    png = defaultIcon(size);
    memo.set(size, png);
  }
  return png;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Does `bytes` start like a PNG? */
export const isPng = (bytes: Uint8Array): boolean =>
  bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.equals(Buffer.from(bytes.subarray(0, 8)));
