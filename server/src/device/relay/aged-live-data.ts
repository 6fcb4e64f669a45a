/**
 * Live data kept by the companion and given out later: each inverter's age grows by the time it
 * was kept, so "42 s ago" stays true however long the device is away. `data_age` is whole
 * seconds (wire-contract §4.2); `data_age_ms`, where newer firmware sends it, milliseconds.
 */
export function withAdvancedAges<T>(status: T, keptMs: number): T {
  const elapsedMs = Math.max(0, Math.floor(keptMs));
  if (elapsedMs === 0 || !isObject(status) || !Array.isArray(status['inverters'])) return status;
  const inverters = (status['inverters'] as unknown[]).map((inverter) => {
    if (!isObject(inverter)) return inverter;
    const aged: Record<string, unknown> = { ...inverter };
    if (typeof inverter['data_age'] === 'number') {
      aged['data_age'] = inverter['data_age'] + Math.floor(elapsedMs / 1000);
    }
    if (typeof inverter['data_age_ms'] === 'number') {
      aged['data_age_ms'] = inverter['data_age_ms'] + elapsedMs;
    }
    return aged;
  });
  return { ...status, inverters };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
