/**
 * Which overview tiles are off screen (issue 26, bench/live-view.mjs): a tile out of the viewport
 * keeps the figures it had when it left, so a socket message costs only the tiles one can see;
 * when a tile comes back it catches up at once (`onShown`). One IntersectionObserver for all
 * tiles. Without one (the gateway's server render, old browsers, jsdom) every tile counts as on
 * screen, as does a tile before the observer's first report: the first frame and the hydration
 * of a server-rendered page draw every tile.
 */
export class TileVisibility {
  readonly #offScreen = new Set<string>();
  readonly #serialOf = new WeakMap<Element, string>();
  readonly #refs = new Map<string, (element: Element | null) => () => void>();
  readonly #listeners = new Set<(serial: string) => void>();
  #observer: IntersectionObserver | undefined;

  /** Whether the tile of this inverter is out of the viewport now. */
  isOffScreen(serial: string): boolean {
    return this.#offScreen.has(serial);
  }

  /** Called with a serial when its tile comes back on screen; returns the unsubscribe. */
  onShown(listener: (serial: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The ref for the element of an inverter's tile; the same function each render, so React
   * does not detach and attach it with every redraw.
   */
  ref(serial: string): (element: Element | null) => () => void {
    let ref = this.#refs.get(serial);
    if (!ref) {
      ref = (element) => {
        if (!element) return () => undefined;
        const observer = this.#observe();
        this.#serialOf.set(element, serial);
        observer?.observe(element);
        return () => {
          observer?.unobserve(element);
          this.#offScreen.delete(serial);
        };
      };
      this.#refs.set(serial, ref);
    }
    return ref;
  }

  /** Stops observing (the overview left the page). */
  disconnect(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#offScreen.clear();
  }

  #observe(): IntersectionObserver | undefined {
    if (this.#observer || typeof IntersectionObserver === 'undefined') return this.#observer;
    this.#observer = new IntersectionObserver(
      (entries) => {
        const shown: string[] = [];
        for (const entry of entries) {
          const serial = this.#serialOf.get(entry.target);
          if (serial === undefined) continue;
          if (!entry.isIntersecting) this.#offScreen.add(serial);
          else if (this.#offScreen.delete(serial)) shown.push(serial);
        }
        for (const serial of shown) for (const listener of this.#listeners) listener(serial);
      },
      // A tile catches up just before it scrolls in, so nobody sees it jump.
      { rootMargin: '100px 0px' },
    );
    return this.#observer;
  }
}
