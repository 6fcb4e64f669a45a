import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '@/lib/i18n/use-t';

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;
const RELOAD_KEY = 'heliodtu-chunk-reload';

interface Props {
  children: ReactNode;
  /** A change (the location) clears a shown error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/**
 * Catches render errors. After a firmware or build update the old page may ask for chunks that
 * no longer exist; that error reloads the page once instead (windfront's root boundary).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    if (!CHUNK_ERROR.test(error.message)) return;
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last > 10_000) {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
    }
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main id="main" className="container-xxl page">
        <h1 className="h3">{translate('Error.Oops')}</h1>
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{error.message || translate('Error.Unknown')}</p>
          <button
            type="button"
            className="btn btn-danger btn-sm"
            onClick={() => window.location.reload()}
          >
            {translate('base.Reload')}
          </button>
        </div>
      </main>
    );
  }
}
