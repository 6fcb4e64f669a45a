#!/usr/bin/env node
// Prints the sizes of the web builds and their limits (measured by scripts/web-sizes.mjs, which
// the budget check shares). Builds what is missing.
import { buildMissing, printSizes } from '../scripts/web-sizes.mjs';

buildMissing();
printSizes();
