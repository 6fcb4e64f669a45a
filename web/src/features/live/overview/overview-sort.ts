import { type LiveInverter } from '../merge-live-update';
import { liveKeyOf } from '@/lib/live-key';

/** How the overview orders its tiles (issue 15). */
export type OverviewSort = 'name' | 'power' | 'yield';
export const OVERVIEW_SORTS: readonly OverviewSort[] = ['name', 'power', 'yield'];

const acPower = (inverter: LiveInverter) => inverter.AC?.['0']?.Power.v ?? 0;
const yieldDay = (inverter: LiveInverter) => inverter.INV?.['0']?.YieldDay.v ?? 0;
// One collator for all comparisons: localeCompare with options builds one per call, and this
// sort runs on every live message (bench/live-view.mjs).
const collator = new Intl.Collator(undefined, { numeric: true });
const byName = (a: LiveInverter, b: LiveInverter) =>
  collator.compare(a.name, b.name) || (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : 0);

/** Live keys (liveKeyOf) in the chosen order: name A–Z, or power and yield highest first (ties by name). */
export function sortedSerials(inverters: readonly LiveInverter[], sort: OverviewSort): string[] {
  const compare =
    sort === 'power'
      ? (a: LiveInverter, b: LiveInverter) => acPower(b) - acPower(a) || byName(a, b)
      : sort === 'yield'
        ? (a: LiveInverter, b: LiveInverter) => yieldDay(b) - yieldDay(a) || byName(a, b)
        : byName;
  return [...inverters].sort(compare).map(liveKeyOf);
}
