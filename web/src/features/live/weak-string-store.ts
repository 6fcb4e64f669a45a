import { create } from 'zustand';
import type { WeakStringState } from '@heliodtu/contract/domain/weak-string-groups';
import { weakStringKey } from '@heliodtu/contract/domain/weak-strings';

/**
 * The weak-string rule's state: tracks per string (`<serial>:<channel>`) and today's curves of
 * strings without an orientation, written by the feed (overview/weak-string-feed.ts) and read by
 * the string rows. Kept only in this browser tab; nothing goes to the gateway (issue 15). Only
 * types come from the rule's grouping, which the feed loads later: the first load stays small.
 */
export const useWeakStringStore = create<WeakStringState>()(() => ({
  tracks: {},
  shapes: {},
  inferred: {},
}));

/** The key of one string in the tracks. */
export const stringKey = weakStringKey;
