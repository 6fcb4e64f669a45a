import { create } from 'zustand';
import type { WeakStringTracks } from '@heliodtu/contract/domain/weak-strings';

/**
 * The weak-string rule's tracks per string (`<serial>:<channel>`), written by the feed
 * (overview/weak-string-feed.ts) and read by the string rows. Kept only in this browser tab;
 * nothing goes to the gateway (issue 15).
 */
export const useWeakStringStore = create<{ tracks: WeakStringTracks }>()(() => ({ tracks: {} }));

/** The key of one string in the tracks. */
export const stringKey = (serial: string, channel: string): string => `${serial}:${channel}`;
