import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetAlerts } from '@/lib/alerts-store';
import { resetFirmwareGeneration } from '@/lib/firmware-generation';
import { resetGridMeter } from '@/lib/grid-meter-store';
import { gatewayReach } from '@/lib/gateway-reach';
import { clearStoredUser } from '@/lib/session';
import { FakeSocket } from './fake-socket';
import { server } from './msw-server';

// Unhandled requests fail the test (architecture §6.10).
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // What index.html's inline script sets in the browser: the interface root.
  const base = document.createElement('base');
  base.href = '/';
  document.head.appendChild(base);
});
// No test opens a real socket: pages that connect (the live view) get a FakeSocket to drive.
beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  server.resetHandlers();
  clearStoredUser();
  window.localStorage.clear();
  // Module state, like the stores: a failed request of one test must not show in the next.
  gatewayReach.reset();
  resetFirmwareGeneration();
  resetAlerts();
  resetGridMeter();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());
