#!/usr/bin/env node
// Prints the sizes of the web builds and their limits (measured by scripts/web-sizes.mjs, which
// the budget check shares), then what each part of the firmware file costs (lib/firmware-size-map.mjs;
// --all lists every module). Builds what is missing.
import path from 'node:path';
import { buildMissing, printSizes } from '../scripts/web-sizes.mjs';
import { firmwareSizeMap, formatSizeMap } from './lib/firmware-size-map.mjs';

buildMissing();
printSizes();
const map = await firmwareSizeMap(path.resolve(import.meta.dirname, '..'));
process.stdout.write(`\n${formatSizeMap(map, process.argv.includes('--all') ? Infinity : 40)}`);
