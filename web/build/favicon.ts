import { deflateSync } from 'node:zlib';

/**
 * The sun icon as PNG and ICO, drawn here so the build needs no image tools: a disc and eight
 * rays, 4×4 supersampled. The ICO holds PNG images, which every current browser reads.
 */
const SUN = [247, 181, 0] as const;

function coverage(x: number, y: number): number {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  if (r <= 0.25) return 1;
  for (let k = 0; k < 8; k += 1) {
    const angle = (k * Math.PI) / 4;
    // Distance to a ray segment from radius 0.33 to 0.46 along `angle`.
    const along = dx * Math.cos(angle) + dy * Math.sin(angle);
    const across = Math.abs(-dx * Math.sin(angle) + dy * Math.cos(angle));
    const t = Math.max(0.33, Math.min(0.46, along));
    const dist = Math.hypot(along - t, across);
    if (dist <= 0.04) return 1;
  }
  return 0;
}

/**
 * Maskable icons: an opaque square the platform crops to its own shape, with everything that
 * matters inside the central circle of 40 % radius (the safe zone), so the sun is drawn smaller.
 */
const MASKABLE_SCALE = 0.72;

function pixels(size: number, background?: readonly [number, number, number]): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  const n = 4;
  const scale = background ? MASKABLE_SCALE : 1;
  const at = (p: number) => 0.5 + (p / size - 0.5) / scale;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let hits = 0;
      for (let sy = 0; sy < n; sy += 1) {
        for (let sx = 0; sx < n; sx += 1) {
          hits += coverage(at(px + (sx + 0.5) / n), at(py + (sy + 0.5) / n));
        }
      }
      const alpha = hits / (n * n);
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) {
        const under = background ? background[c]! : SUN[c]!;
        rgba[offset + c] = Math.round(SUN[c]! * alpha + under * (1 - alpha));
      }
      rgba[offset + 3] = background ? 255 : Math.round(alpha * 255);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG of the sun icon, `size` pixels square; opaque and maskable with a `background`. */
export function sunPng(size: number, background?: readonly [number, number, number]): Buffer {
  const rgba = pixels(size, background);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO with PNG images of the given sizes. */
export function sunIco(sizes: readonly number[] = [16, 32, 48]): Buffer {
  const images = sizes.map((size) => sunPng(size));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(images[i]!.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += images[i]!.length;
  });
  return Buffer.concat([header, ...images]);
}

/** The navbar's colour (bg-dark in both themes) and the body colours of the two themes. */
const NAVBAR = '#212529';
const LIGHT_BODY = '#ffffff';
/** Behind the maskable icon: the navbar colour, so the yellow sun reads on it. */
export const MASKABLE_BACKGROUND = [0x21, 0x25, 0x29] as const;

/** The firmware build's manifest: one icon, as OpenDTU's layout has it (no service worker there). */
export const WEB_MANIFEST = JSON.stringify(
  {
    name: 'HelioDTU',
    short_name: 'HelioDTU',
    icons: [{ src: 'favicon.png', sizes: '192x192', type: 'image/png' }],
    start_url: '.',
    display: 'standalone',
    theme_color: NAVBAR,
    background_color: NAVBAR,
  },
  null,
  2,
);

/** The icon files of the installable (normal) build, by file name. */
export function appIcons(): Record<string, Buffer> {
  return {
    'icon-192.png': sunPng(192),
    'icon-512.png': sunPng(512),
    'icon-maskable-512.png': sunPng(512, MASKABLE_BACKGROUND),
  };
}

/**
 * The normal build's manifest (issue 16): installable in Chromium (192 and 512 px icons, a
 * maskable one, standalone, start_url and scope relative to the manifest, so a reverse-proxy
 * sub-path works). A manifest has one background colour: the light theme's. Dark-scheme colours
 * go in `user_preferences`, which browsers that do not know it ignore; the title bar stays the
 * navbar's colour in both themes.
 */
export const INSTALLABLE_MANIFEST = JSON.stringify(
  {
    id: '.',
    name: 'HelioDTU',
    short_name: 'HelioDTU',
    description: 'Live data and settings of the HelioDTU gateway',
    icons: [
      { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    start_url: '.',
    scope: '.',
    display: 'standalone',
    theme_color: NAVBAR,
    background_color: LIGHT_BODY,
    user_preferences: { color_scheme_dark: { theme_color: NAVBAR, background_color: NAVBAR } },
  },
  null,
  2,
);
