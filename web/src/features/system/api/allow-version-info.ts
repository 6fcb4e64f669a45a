import { useCallback, useState } from 'react';
import { storage, STORAGE_KEYS } from '@/lib/storage-keys';

/** The allow-version-info toggle, stored as '1' or '0' (spec §3); off unless the user opted in. */
export function readAllowVersionInfo(): boolean {
  return storage.get(STORAGE_KEYS.allowVersionInfo) === '1';
}

export function useAllowVersionInfo(): [boolean, (allow: boolean) => void] {
  const [allow, setAllow] = useState(readAllowVersionInfo);
  const update = useCallback((next: boolean) => {
    storage.set(STORAGE_KEYS.allowVersionInfo, next ? '1' : '0');
    setAllow(next);
  }, []);
  return [allow, update];
}
