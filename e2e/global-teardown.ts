import { rm } from 'node:fs/promises';

/** Removes the run's temp folder (data dirs and the saved login). */
export default async function globalTeardown(): Promise<void> {
  const tmp = process.env['E2E_TMP'];
  if (tmp?.includes('heliodtu-e2e-')) await rm(tmp, { recursive: true, force: true });
}
