import { describe, expect, it } from 'vitest';
import { PATHS } from '../src/lib/paths';
import { baseHrefScript } from './base-href';

/** Runs the inline script for a pathname and returns the <base href> it set. */
function baseFor(pathname: string): string {
  let href = '';
  const document = {
    createElement: () => ({}) as { href: string },
    head: { appendChild: (element: { href: string }) => (href = element.href) },
  };
  new Function('location', 'document', baseHrefScript(Object.values(PATHS)))(
    { pathname },
    document,
  );
  return href;
}

describe('baseHrefScript', () => {
  it('finds the root from every route at the server root', () => {
    for (const route of Object.values(PATHS)) expect(baseFor(route), route).toBe('/');
    expect(baseFor('/index.html')).toBe('/');
    expect(baseFor('/settings/ntp/')).toBe('/');
  });

  it('finds a reverse-proxy sub-path', () => {
    expect(baseFor('/dtu/')).toBe('/dtu/');
    expect(baseFor('/dtu/index.html')).toBe('/dtu/');
    expect(baseFor('/dtu/settings/network')).toBe('/dtu/');
    expect(baseFor('/home/solar/dtu/info/console')).toBe('/home/solar/dtu/');
    expect(baseFor('/dtu/login')).toBe('/dtu/');
  });

  it('handles unknown paths by a known first segment, else their folder', () => {
    expect(baseFor('/settings/vedirect')).toBe('/');
    expect(baseFor('/dtu/info/old/page')).toBe('/dtu/');
    expect(baseFor('/unknown')).toBe('/');
    expect(baseFor('/dtu/unknown')).toBe('/dtu/');
  });

  it('does not mistake a segment that only ends like a route', () => {
    expect(baseFor('/xsettings/ntp')).toBe('/xsettings/');
    expect(baseFor('/mylogin')).toBe('/');
  });
});
