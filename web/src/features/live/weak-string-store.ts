import { create } from 'zustand';
import {
  EMPTY_WEAK_STRING_STATE,
  weakStringKey,
  type WeakStringState,
} from '@heliodtu/contract/domain/weak-string-groups';

/**
 * The weak-string rule's state: tracks per string (`<serial>:<channel>`) and today's curves of
 * strings without an orientation, written by the feed (overview/weak-string-feed.ts) and read by
 * the string rows. Kept only in this browser tab; nothing goes to the gateway (issue 15).
 */
export const useWeakStringStore = create<WeakStringState>()(() => EMPTY_WEAK_STRING_STATE);

/** The key of one string in the tracks. */
export const stringKey = weakStringKey;
