// Makes the app's install icons (public/icons/*.png) from its mark (public/favicon.svg, the same drawing as
// src/web/ui/logo.tsx) with sharp: 192 and 512 px for the manifest, a 512 px maskable one whose mark sits inside
// the safe zone (the inner 80% circle) on a full-bleed background, and a 180 px one for iOS' home screen.
// Run it again after the mark changes: `node scripts/generate-icons.mjs`; the PNGs are committed.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public/icons');
const mark = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
/** The mark's background, also the maskable icon's and the manifest's theme colour. */
const PRIMARY = /<rect[^>]*fill="(#[0-9a-fA-F]{6})"/.exec(mark)?.[1] ?? '#4338ca';

/** The mark drawn at `size` px (its own rounded square, transparent corners). */
const plain = (size) =>
  sharp(Buffer.from(mark), { density: (72 * size) / 32 })
    .resize(size, size)
    .png();

/** The mark without its rounded square, drawn over the inner 80% (its safe zone) of a full-bleed square of the mark's colour. */
async function maskable(size) {
  const inner = Math.round(size * 0.8);
  const glyph = mark.replace(/<rect[^>]*\/>/, '');
  const drawn = await sharp(Buffer.from(glyph), { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: PRIMARY } })
    .composite([{ input: drawn, left: offset, top: offset }])
    .png();
}

mkdirSync(out, { recursive: true });
const files = [
  ['icon-192.png', plain(192)],
  ['icon-512.png', plain(512)],
  ['maskable-512.png', await maskable(512)],
  ['apple-touch-icon.png', await maskable(180)],
];
for (const [name, image] of files) {
  await image.toFile(path.join(out, name));
  console.log(`public/icons/${name}`);
}
