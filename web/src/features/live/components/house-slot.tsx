import { useEffect, useState } from 'react';
import { useGridMeterStore, watchGridMeter } from '@/lib/grid-meter-store';
import { ensureFullCatalog } from '@/lib/i18n/i18n-store';
import { HouseCard } from './house-card';

/**
 * Where the House card goes (issue 35): polls the grid meter every 5 s while the live view shows
 * and draws the card while a meter is set, once its texts (not in the first load) are in. A
 * chunk of its own, loaded after the first data; on a device it asks once and stays empty.
 */
export function HouseSlot() {
  const meterSet = useGridMeterStore((state) => (state.status?.source ?? 'none') !== 'none');
  const [textsIn, setTextsIn] = useState(false);
  useEffect(() => watchGridMeter(), []);
  useEffect(() => {
    if (meterSet) void ensureFullCatalog().then(() => setTextsIn(true));
  }, [meterSet]);
  return meterSet && textsIn ? <HouseCard /> : null;
}
