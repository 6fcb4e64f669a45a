import { LOGIN_LOCKOUT_SECONDS } from '@heliodtu/contract/limits';
import { ApiError, apiRequest } from './api-client';
import { navigateTo } from './navigation';
import { createRenderedStore } from './rendered-store';
import { PATHS } from './paths';
import {
  clearStoredUser,
  encodeAuthdata,
  onSessionChange,
  readStoredUser,
  storeUser,
  type StoredUser,
} from './session';

interface AuthState {
  user: StoredUser | null;
  isLoggedIn: boolean;
  /** GET api/security/authenticate with the given credentials; stores them on success. */
  login(username: string, password: string): Promise<void>;
  /** Clears the session (logged-out) and goes to the live view (spec §2). */
  logout(): void;
}

/** Marks a failed login; the page shows its translated text. */
export class InvalidCredentialsError extends Error {
  constructor() {
    super('Invalid credentials');
    this.name = 'InvalidCredentialsError';
  }
}

/** The gateway refuses this client's logins for a while after too many failed ones (429). */
export class TooManyLoginTriesError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many failed logins');
    this.name = 'TooManyLoginTriesError';
  }
}

/**
 * Login state derived from the stored `user` (spec §4), shared by the nav bar, the guards and
 * the API client. It lives in lib rather than features/auth because components and lib need it.
 */
export const useAuthStore = createRenderedStore<AuthState>(() => {
  const user = readStoredUser();
  return {
    user,
    isLoggedIn: user !== null,
    async login(username, password) {
      const authdata = encodeAuthdata(username, password);
      let answer: Omit<StoredUser, 'authdata'> | undefined;
      try {
        answer = await apiRequest('api/security/authenticate', {
          method: 'GET',
          authdata,
          silent: true,
          handle401: false,
        });
      } catch (error) {
        clearStoredUser();
        if (error instanceof ApiError && error.status === 429) {
          throw new TooManyLoginTriesError(error.retryAfterSeconds ?? LOGIN_LOCKOUT_SECONDS);
        }
        throw new InvalidCredentialsError();
      }
      storeUser({ ...answer, authdata });
    },
    logout() {
      clearStoredUser();
      navigateTo(PATHS.live);
    },
  };
});

onSessionChange((user) => useAuthStore.setState({ user, isLoggedIn: user !== null }));
