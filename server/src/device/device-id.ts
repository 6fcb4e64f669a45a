/**
 * The device id of the simulated fleet: the key of its history rows, as a companion's rows are
 * keyed by its device's id (companion-env.ts COMPANION_DEVICE_ID). Stored in history databases: never
 * change it (a migration wrote it into existing ones).
 */
export const SIMULATED_DEVICE_ID = 'local';
