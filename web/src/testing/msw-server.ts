import { setupServer } from 'msw/node';

/** The MSW server of the web tests; each test adds its handlers with server.use(). */
export const server = setupServer();
