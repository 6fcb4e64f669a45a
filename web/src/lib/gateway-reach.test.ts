import { afterEach, describe, expect, it } from 'vitest';
import { SHELL_FALLBACK_ATTRIBUTE, gatewayReach, useGatewayReach } from './gateway-reach';

const stored = () => window.localStorage.getItem('gatewaySeenAt');

afterEach(() => document.documentElement.removeAttribute(SHELL_FALLBACK_ATTRIBUTE));

describe('gatewayReach', () => {
  it('starts away on a page the service worker served for want of an answer', () => {
    expect(useGatewayReach.getState().unreachable).toBe(false);
    document.documentElement.setAttribute(SHELL_FALLBACK_ATTRIBUTE, '');
    gatewayReach.reset();
    expect(useGatewayReach.getState().unreachable).toBe(true);
  });

  it('shows since when the gateway has not answered, and keeps it for the next visit', () => {
    window.localStorage.setItem('gatewaySeenAt', '1000');
    gatewayReach.reset();
    expect(useGatewayReach.getState()).toEqual({ seenAt: 1000, unreachable: false });
    gatewayReach.answered(50_000);
    expect(stored()).toBe('50000');
    // Answers in between move the time without a store update; the loss shows the last one.
    gatewayReach.answered(60_000);
    expect(useGatewayReach.getState().seenAt).toBe(1000);
    gatewayReach.lost();
    expect(useGatewayReach.getState()).toEqual({ seenAt: 60_000, unreachable: true });
    expect(stored()).toBe('60000');
    gatewayReach.answered(70_000);
    expect(useGatewayReach.getState()).toEqual({ seenAt: 70_000, unreachable: false });
  });
});
