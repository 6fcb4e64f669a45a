/** Puts the test at an in-app path (jsdom's base is http://localhost:3000/). */
export function goTo(path: string): void {
  window.history.replaceState(null, '', path);
}

export const currentPath = () => window.location.pathname + window.location.search;
