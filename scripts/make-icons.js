// `npm run icons`: draws the app icon (a clock in the app's colours, see src/client/styles.css)
// and renders the files the web app manifest, iOS and old browsers ask for into public/.
// The outputs are committed; run this again only after changing the drawing.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ROOT } from './build-state.js';

const BRAND = '#0f3d5e'; // --color-brand
const HAND = '#38bdf8';

/**
 * The clock's outer edge is at radius 168 of 512: inside the maskable safe zone (a circle of
 * radius 40 % = 205), so one drawing serves both; the maskable one has square corners because
 * the platform cuts its own shape.
 */
function logo({ corner }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${corner}" fill="${BRAND}"/>
  <circle cx="256" cy="256" r="150" fill="none" stroke="#fff" stroke-width="36"/>
  <path d="M256 170v86l62 46" fill="none" stroke="${HAND}" stroke-width="36" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="256" cy="256" r="22" fill="#fff"/>
</svg>
`;
}

const out = (name) => join(ROOT, 'public', name);
const anySvg = logo({ corner: 112 });
const fullSvg = logo({ corner: 0 });
writeFileSync(out('icon.svg'), anySvg);

const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

for (const size of [192, 512]) {
  writeFileSync(out(`icon-${size}.png`), await png(anySvg, size));
  writeFileSync(out(`icon-maskable-${size}.png`), await png(fullSvg, size));
}
// iOS rounds the corners itself and shows transparency as black: the square variant.
writeFileSync(out('apple-touch-icon.png'), await png(fullSvg, 180));

// favicon.ico: an ICO directory of PNG images (supported by every browser since IE 11).
const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map((s) => png(anySvg, s)));
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((s, i) => {
  const e = 6 + 16 * i;
  header.writeUInt8(s, e); // width
  header.writeUInt8(s, e + 1); // height
  header.writeUInt8(0, e + 2); // no palette
  header.writeUInt8(0, e + 3);
  header.writeUInt16LE(1, e + 4); // colour planes
  header.writeUInt16LE(32, e + 6); // bits per pixel
  header.writeUInt32LE(images[i].length, e + 8);
  header.writeUInt32LE(offset, e + 12);
  offset += images[i].length;
});
writeFileSync(out('favicon.ico'), Buffer.concat([header, ...images]));
console.log('icons written to public/');
