/**
 * GET /api/prometheus/metrics of a companion in front of several devices (issue 27): every
 * device's own metrics with a `dtu` label first on each sample, each metric family once with
 * its HELP and TYPE and all its samples together (promtool wants families whole), so that one
 * scrape covers every device. Two devices reporting the same inverter serial give two series,
 * told apart by `dtu`, never a duplicate. `heliodtu_device_up` says which devices answered.
 */

interface Family {
  help: string | undefined;
  type: string | undefined;
  samples: string[];
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** `name{a="1"} 2` → `name{dtu="roof",a="1"} 2`; `name 2` → `name{dtu="roof"} 2`. */
function withDeviceLabel(line: string, label: string): { name: string; line: string } | null {
  const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{)?/.exec(line);
  if (!match) return null;
  const name = match[1]!;
  const rest = line.slice(name.length);
  if (match[2]) {
    const inner = rest.slice(1);
    return { name, line: `${name}{${label}${inner.startsWith('}') ? '' : ','}${inner}` };
  }
  return { name, line: `${name}{${label}}${rest}` };
}

export function mergedMetrics(devices: readonly { id: string; text: string | null }[]): string {
  const families = new Map<string, Family>();
  const familyOf = (name: string) => {
    let family = families.get(name);
    if (!family) {
      family = { help: undefined, type: undefined, samples: [] };
      families.set(name, family);
    }
    return family;
  };
  const up = familyOf('heliodtu_device_up');
  up.help = 'Whether the companion got this device metrics (1) or not (0)';
  up.type = 'gauge';
  for (const { id, text } of devices) {
    const label = `dtu="${escapeLabel(id)}"`;
    up.samples.push(`heliodtu_device_up{${label}} ${text === null ? 0 : 1}`);
    if (text === null) continue;
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line === '') continue;
      const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
      if (meta) {
        const family = familyOf(meta[2]!);
        if (meta[1] === 'HELP') family.help ??= meta[3];
        else family.type ??= meta[3];
        continue;
      }
      if (line.startsWith('#')) continue;
      const sample = withDeviceLabel(line, label);
      if (sample) familyOf(sample.name).samples.push(sample.line);
    }
  }
  const lines: string[] = [];
  for (const [name, family] of families) {
    if (family.samples.length === 0) continue;
    if (family.help !== undefined) lines.push(`# HELP ${name} ${family.help}`);
    if (family.type !== undefined) lines.push(`# TYPE ${name} ${family.type}`);
    lines.push(...family.samples);
  }
  return `${lines.join('\n')}\n`;
}

/** The names of the metric families a scrape declares (its `# TYPE` lines). */
export function familiesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) /gm)].map((m) => m[1]!));
}

/**
 * A device's scrape without the families the companion reports itself (the house's grid meter
 * and export control): a device that is a HelioDTU gateway has its own, and one family may
 * appear once per scrape only.
 */
export function withoutFamilies(text: string, names: ReadonlySet<string>): string {
  if (names.size === 0) return text;
  return text
    .split('\n')
    .filter((line) => {
      const meta = /^# (?:HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line);
      const name = meta ? meta[1]! : /^([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line)?.[1];
      return name === undefined || !names.has(name);
    })
    .join('\n');
}
