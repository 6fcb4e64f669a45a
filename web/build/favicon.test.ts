import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appIcons, INSTALLABLE_MANIFEST, MASKABLE_BACKGROUND } from './favicon.ts';

/** Width, height and the RGBA rows (filter byte 0 each) of one of our PNGs. */
function decode(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const length = png.readUInt32BE(33);
  const rows = inflateSync(png.subarray(41, 41 + length));
  const pixel = (x: number, y: number) => {
    const at = y * (width * 4 + 1) + 1 + x * 4;
    return [...rows.subarray(at, at + 4)];
  };
  return { width, height, pixel };
}

describe('installable manifest and icons', () => {
  const manifest = JSON.parse(INSTALLABLE_MANIFEST) as {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  const files = appIcons();

  it('lists icons that the build emits, at their stated size', () => {
    for (const icon of manifest.icons) {
      const file = files[icon.src];
      expect(file, icon.src).toBeDefined();
      const { width, height } = decode(file!);
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
  });

  it('draws the maskable icon opaque, with the sun inside the safe zone', () => {
    const { width, pixel } = decode(files['icon-maskable-512.png']!);
    expect(pixel(0, 0)).toEqual([...MASKABLE_BACKGROUND, 255]);
    // Just outside the 40 % safe-zone circle, along a ray: background only.
    const edge = Math.round(width / 2 + width * 0.41);
    expect(pixel(edge, width / 2)).toEqual([...MASKABLE_BACKGROUND, 255]);
    // The middle is the sun.
    expect(pixel(width / 2, width / 2)).toEqual([247, 181, 0, 255]);
  });

  it('leaves the plain icons transparent around the sun', () => {
    const { pixel } = decode(files['icon-512.png']!);
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(256, 256)).toEqual([247, 181, 0, 255]);
  });
});
