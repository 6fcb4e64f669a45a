import { afterEach, describe, expect, it } from 'vitest';
import { readAccessOpen, takeEarlyLiveStatus } from './early-start';

afterEach(() => {
  delete window.__heliodtuEarly;
  document.cookie = 'heliodtu-readonly=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('early start (issue 13)', () => {
  it('hands the early live request out once', () => {
    const live = Promise.resolve(new Response('{}'));
    window.__heliodtuEarly = { live };
    expect(takeEarlyLiveStatus(1_000)).toBe(live);
    expect(takeEarlyLiveStatus(1_000)).toBeUndefined();
  });

  it('leaves a stale early answer and nothing at all when there is none', () => {
    window.__heliodtuEarly = { live: Promise.resolve(new Response('{}')) };
    expect(takeEarlyLiveStatus(60_000)).toBeUndefined();
    expect(window.__heliodtuEarly.live).toBeUndefined();
    delete window.__heliodtuEarly;
    expect(takeEarlyLiveStatus(1_000)).toBeUndefined();
  });

  it('reads whether the gateway lets visitors read without a login', () => {
    expect(readAccessOpen()).toBe(true);
    document.cookie = 'heliodtu-readonly=on; path=/';
    expect(readAccessOpen()).toBe(true);
    document.cookie = 'heliodtu-readonly=off; path=/';
    expect(readAccessOpen()).toBe(false);
  });
});
