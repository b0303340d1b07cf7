/**
 * Draws Canalize's app icons and writes them as PNG files into client/public/icons.
 * The icons are made here rather than fetched so the build needs no network and no image tooling: a tiny
 * rasteriser (4×4 supersampling for smooth edges) plus a hand-written PNG writer (zlib from the runtime).
 * Run: `bun client/scripts/make-icons.ts`. The PNGs are committed; run again only when the mark changes.
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Rgba = [number, number, number, number];
type Point = [number, number];

const INDIGO: Rgba = [79, 70, 229, 255];
const VIOLET: Rgba = [124, 58, 237, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const LAVENDER: Rgba = [221, 214, 254, 255];
const LILAC: Rgba = [196, 181, 253, 255];

/** The paper plane, in a unit box: wing, fold and tail, drawn in that order. */
const PLANE: Array<{ color: Rgba; points: Point[] }> = [
  { color: WHITE, points: [[0.06, 0.47], [0.94, 0.1], [0.4, 0.6]] },
  { color: LAVENDER, points: [[0.4, 0.6], [0.94, 0.1], [0.76, 0.86]] },
  { color: LILAC, points: [[0.4, 0.6], [0.56, 0.71], [0.42, 0.86]] },
];

type IconSpec = { file: string; size: number; corner: number; markScale: number };

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, corner: 0.22, markScale: 0.58 },
  { file: 'icon-512.png', size: 512, corner: 0.22, markScale: 0.58 },
  // Maskable: full bleed, the mark inside the 80% safe circle.
  { file: 'maskable-512.png', size: 512, corner: 0, markScale: 0.46 },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon.png', size: 180, corner: 0, markScale: 0.56 },
];

function insidePolygon([x, y]: Point, points: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as Point;
    const [xj, yj] = points[j] as Point;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare([x, y]: Point, radius: number): boolean {
  if (radius <= 0) return x >= 0 && x <= 1 && y >= 0 && y <= 1;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  return [0, 1, 2, 3].map((i) => (a[i] as number) + ((b[i] as number) - (a[i] as number)) * t) as Rgba;
}

/** Colour of one sample point in unit coordinates, or null when it lies outside the icon. */
function sample(point: Point, spec: IconSpec): Rgba | null {
  if (!insideRoundedSquare(point, spec.corner)) return null;
  const offset = (1 - spec.markScale) / 2;
  // Optical centring: the plane's weight sits low-left, so nudge it up a little.
  const local: Point = [(point[0] - offset) / spec.markScale, (point[1] - offset + 0.02) / spec.markScale];
  for (let i = PLANE.length - 1; i >= 0; i--) {
    const part = PLANE[i];
    if (part && insidePolygon(local, part.points)) return part.color;
  }
  return mix(INDIGO, VIOLET, (point[0] + point[1]) / 2);
}

function render(spec: IconSpec): Uint8Array {
  const { size } = spec;
  const grid = 4;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < grid; sy++) {
        for (let sx = 0; sx < grid; sx++) {
          const color = sample([(x + (sx + 0.5) / grid) / size, (y + (sy + 0.5) / grid) / size], spec);
          if (!color) continue;
          // Premultiplied accumulation keeps anti-aliased edges free of dark fringes.
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (color[c] as number) * (color[3] / 255);
          sum[3] = (sum[3] as number) + color[3];
        }
      }
      const count = grid * grid;
      const alpha = (sum[3] as number) / count;
      const at = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) pixels[at + c] = alpha > 0 ? Math.round(((sum[c] as number) / count / alpha) * 255) : 0;
      pixels[at + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit depth, RGBA, deflate, no filter method, no interlace
  const raw = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter type None
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(raw, { level: 9 }))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

if (import.meta.main) {
  const outDir = path.join(import.meta.dir, '../public/icons');
  mkdirSync(outDir, { recursive: true });
  for (const spec of ICONS) {
    writeFileSync(path.join(outDir, spec.file), encodePng(spec.size, spec.size, render(spec)));
    console.log(`icons: ${spec.file} (${spec.size}×${spec.size})`);
  }
}
