import { useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Page } from '@/components/layout/page';
import { TooManyLoginTriesError, useAuthStore } from '@/lib/auth-store';
import { useT } from '@/lib/i18n/use-t';
import { safeReturnUrl } from '@/lib/navigation';

/**
 * User name and password; success goes to returnUrl, failure shows a dismissible alert (spec §2):
 * wrong credentials, or how long a client locked out after too many failed tries must wait.
 */
export function LoginPage() {
  const t = useT();
  const id = useId();
  const [, navigate] = useLocation();
  const returnUrl = safeReturnUrl(new URLSearchParams(useSearch()).get('returnUrl'));
  const login = useAuthStore((state) => state.login);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  /** Why the last try failed: wrong credentials, or minutes of a lockout (429). */
  const [failed, setFailed] = useState<false | 'credentials' | { minutes: number }>(false);
  const [busy, setBusy] = useState(false);
  const usernameMissing = submitted && username === '';
  const passwordMissing = submitted && password === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailed(false);
    // Spec §5: no request while either field is empty.
    if (username === '' || password === '') return;
    setBusy(true);
    try {
      await login(username, password);
      navigate(returnUrl, { replace: true });
    } catch (error) {
      setFailed(
        error instanceof TooManyLoginTriesError
          ? { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) }
          : 'credentials',
      );
      setBusy(false);
    }
  };

  return (
    <Page title={t('login.Login')}>
      {failed && (
        <div className="alert alert-danger alert-dismissible" role="alert">
          {failed === 'credentials'
            ? t('login.InvalidCredentials')
            : t('login.TooManyTries', { minutes: failed.minutes }, failed.minutes)}
          <button
            type="button"
            className="btn-close"
            aria-label={t('base.Close')}
            onClick={() => setFailed(false)}
          />
        </div>
      )}
      <div className="card mx-auto login-card">
        <div className="card-header text-bg-primary">{t('login.SystemLogin')}</div>
        <form className="card-body" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="mb-3">
            <label htmlFor={`${id}-user`} className="form-label">
              {t('login.Username')}
            </label>
            <input
              id={`${id}-user`}
              className={`form-control${usernameMissing ? ' is-invalid' : ''}`}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              aria-invalid={usernameMissing}
              aria-describedby={usernameMissing ? `${id}-user-error` : undefined}
              // Spaces are blocked in the user name (spec §5).
              onChange={(event) => setUsername(event.target.value.replace(/\s/g, ''))}
            />
            {usernameMissing && (
              <div id={`${id}-user-error`} className="invalid-feedback">
                {t('login.UsernameRequired')}
              </div>
            )}
          </div>
          <div className="mb-3">
            <label htmlFor={`${id}-password`} className="form-label">
              {t('login.Password')}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              className={`form-control${passwordMissing ? ' is-invalid' : ''}`}
              autoComplete="current-password"
              value={password}
              aria-invalid={passwordMissing}
              aria-describedby={passwordMissing ? `${id}-password-error` : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
            {passwordMissing && (
              <div id={`${id}-password-error`} className="invalid-feedback">
                {t('login.PasswordRequired')}
              </div>
            )}
          </div>
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t('login.LoginButton')}
          </button>
        </form>
      </div>
    </Page>
  );
}
