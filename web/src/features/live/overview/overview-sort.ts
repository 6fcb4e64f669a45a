import { type LiveInverter } from '../merge-live-update';
import { liveKeyOf } from '@/lib/live-key';
import { compareNames } from '@/lib/name-order';

/** How the overview orders its tiles (issue 15). */
export type OverviewSort = 'name' | 'power' | 'yield';
export const OVERVIEW_SORTS: readonly OverviewSort[] = ['name', 'power', 'yield'];

const acPower = (inverter: LiveInverter) => inverter.AC?.['0']?.Power.v ?? 0;
const yieldDay = (inverter: LiveInverter) => inverter.INV?.['0']?.YieldDay.v ?? 0;
const byName = (a: LiveInverter, b: LiveInverter) =>
  compareNames(a.name, b.name) || (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : 0);

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
