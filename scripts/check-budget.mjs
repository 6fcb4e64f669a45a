#!/usr/bin/env node
// CI budget check (CONTRIBUTING.md, budgets): builds the firmware layout, prints the sizes, and
// fails when js/app.js.gz is over 129,025 B or the normal build's first load over 126,500 B, or
// when a build carries the wrong renderer (React DOM in the normal build, Preact in the firmware).
// Expects the normal build (npm run build) to exist; builds it when it does not.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FIRMWARE_DIST, LIMITS, WEB_DIST, build, printSizes, renderers } from './web-sizes.mjs';

if (!existsSync(path.join(WEB_DIST, '.vite/manifest.json'))) build('normal');
build('firmware');
const { firstLoad, appJs } = printSizes();

const failures = [];
if (appJs === null) failures.push('web/dist-firmware/js/app.js.gz is missing');
else if (appJs > LIMITS.firmwareAppJs) {
  failures.push(`js/app.js.gz is ${appJs} B, over the limit of ${LIMITS.firmwareAppJs} B`);
}
if (firstLoad > LIMITS.firstLoad) {
  failures.push(`the first load is ${firstLoad} B, over the limit of ${LIMITS.firstLoad} B`);
}
// OpenDTU's layout: exactly these files, the CSS inside app.js (wire-contract §4.17, issue 4);
// zones.json.gz comes from the server's zone generator (web/build/firmware-layout.ts).
const layout = readdirSync(FIRMWARE_DIST, { recursive: true }).map(String).sort();
const expected = [
  'favicon.ico',
  'favicon.png',
  'index.html.gz',
  'js',
  'js/app.js.gz',
  'site.webmanifest',
  'zones.json.gz',
];
const missing = expected.filter((name) => !layout.includes(name));
const extra = layout.filter((name) => !expected.includes(name));
if (missing.length + extra.length > 0) {
  failures.push(
    `firmware layout: missing [${missing.join(', ')}], unexpected [${extra.join(', ')}]`,
  );
} else if (
  !gunzipSync(readFileSync(path.join(FIRMWARE_DIST, 'js/app.js.gz'))).includes('--bs-body-bg')
) {
  failures.push('js/app.js.gz carries no CSS');
}
// React DOM in the normal build as the owner asked, Preact only where the flash forces it.
const normal = renderers('normal');
if (!normal.reactDom || normal.preact) {
  failures.push(
    `the normal build must carry React DOM and no Preact (React DOM: ${normal.reactDom}, Preact: ${normal.preact})`,
  );
}
if (appJs !== null) {
  const firmware = renderers('firmware');
  if (firmware.reactDom || !firmware.preact) {
    failures.push(
      `js/app.js.gz must carry Preact and no React DOM (React DOM: ${firmware.reactDom}, Preact: ${firmware.preact})`,
    );
  }
}
if (appJs !== null && appJs > LIMITS.firmwareAim) {
  process.stdout.write(`Note: js/app.js.gz is above the aim of ${LIMITS.firmwareAim} B.\n`);
}
if (failures.length > 0) {
  process.stderr.write(`Budget check failed:\n  ${failures.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write('Budget ok.\n');
