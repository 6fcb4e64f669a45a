import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LEVELS } from './console-levels';

// The panel is dark in both themes, so one background decides. The e2e axe run sees only the
// colours of the lines its gateway sends; this holds every level to WCAG AA (4.5:1) always.
const scss = readFileSync(path.resolve(import.meta.dirname, '../../styles/app.scss'), 'utf8');

function colourOf(selector: string, property: string): string {
  const block = new RegExp(`${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(scss)?.[1] ?? '';
  const value = new RegExp(`(?:^|[\\s;])${property}: #([0-9a-f]{6}|[0-9a-f]{3});`, 'i').exec(
    block,
  )?.[1];
  if (!value) throw new Error(`no ${property} for ${selector} in app.scss`);
  return value.length === 3 ? `#${[...value].map((digit) => digit + digit).join('')}` : `#${value}`;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour of a level in the `$console-level-colours` map. */
function levelColour(level: string): string {
  const map = /\$console-level-colours: \(([^)]*)\)/.exec(scss)?.[1] ?? '';
  const value = new RegExp(`\\b${level}: (#[0-9a-f]{6})`, 'i').exec(map)?.[1];
  if (!value) throw new Error(`no colour for level ${level} in app.scss`);
  return value;
}

describe('console colours', () => {
  const panel = colourOf('.console-panel', 'background-color');

  it.each(CONSOLE_LEVELS)('level %s reads at 4.5:1 or more on the panel', (level) => {
    expect(contrast(levelColour(level), panel)).toBeGreaterThanOrEqual(4.5);
  });

  it('unlevelled text and marked matches read at 4.5:1 or more', () => {
    expect(contrast(colourOf('.console-panel', 'color'), panel)).toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(colourOf('mark', 'color'), colourOf('mark', 'background-color')),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('gives each level its own colour', () => {
    const colours = CONSOLE_LEVELS.map(levelColour);
    expect(new Set(colours).size).toBe(CONSOLE_LEVELS.length);
  });
});
