import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The MSW server of the web tests; each test adds its handlers with server.use(). Its one
 * standing answer: the gateway is no companion (issue 24), as the simulated gateway says, since
 * several screens ask in passing; the companion's tests answer otherwise. And it has no alerts
 * (issue 28; the shell and the live view ask): the alerts' tests answer otherwise.
 */
export const server = setupServer(
  http.get('*/api/companion/status', () => HttpResponse.json({ companion: false, devices: [] })),
  http.get('*/api/alerts/status', () => new HttpResponse('Not found', { status: 404 })),
  // Nor a grid meter or export control (issue 35; the shell, the live view and the limit dialog
  // ask): their tests answer otherwise.
  http.get('*/api/gridmeter/status', () => new HttpResponse('Not found', { status: 404 })),
  http.get('*/api/exportcontrol/status', () => new HttpResponse('Not found', { status: 404 })),
  http.get('*/api/exportcontrol/config', () => new HttpResponse('Not found', { status: 404 })),
);
