import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { Inverter } from '@heliodtu/contract/inverter';
import { useT } from '@/lib/i18n/use-t';
import { dropIndex } from '../reorder';

const KEY_TARGETS: Record<string, (index: number, last: number) => number> = {
  ArrowUp: (index) => index - 1,
  ArrowDown: (index) => index + 1,
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * Drag handles of a sortable list: pointer (mouse and touch; the handle takes no touch
 * scrolling) and keyboard (arrows, Home, End), each move announced. Rows follow the pointer
 * live. Listeners sit on the window, because a row moved in the DOM loses a pointer capture.
 */
export function useReorderHandles(
  inverters: readonly Inverter[],
  onMove: (id: number, to: number) => void,
) {
  const t = useT();
  const hintId = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const stopDrag = useRef<(() => void) | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const count = inverters.length;

  // React moves a row by re-inserting it, which drops the focus of its handle: put it back.
  useLayoutEffect(() => {
    if (focusId !== null) handles.current.get(focusId)?.focus();
  }, [inverters, focusId]);
  useEffect(() => () => stopDrag.current?.(), []);

  const announce = (inverter: Inverter, position: number) =>
    setAnnouncement(t('inverteradmin.Moved', { name: inverter.name, position, count }));

  const rows = () => Array.from(body.current?.querySelectorAll<HTMLElement>('tr[data-id]') ?? []);

  const onKeyDown = (event: KeyboardEvent, inverter: Inverter, index: number) => {
    const target = KEY_TARGETS[event.key]?.(index, count - 1);
    if (target === undefined) return;
    event.preventDefault();
    if (target < 0 || target >= count || target === index) return;
    setFocusId(inverter.id);
    onMove(inverter.id, target);
    announce(inverter, target + 1);
  };

  const onPointerDown = (event: ReactPointerEvent, inverter: Inverter) => {
    if (event.button !== 0) return;
    event.preventDefault();
    stopDrag.current?.();
    setDragId(inverter.id);
    const id = String(inverter.id);
    const move = (moveEvent: PointerEvent) => {
      const middles = rows()
        .filter((row) => row.dataset['id'] !== id)
        .map((row) => {
          const box = row.getBoundingClientRect();
          return box.top + box.height / 2;
        });
      onMove(inverter.id, dropIndex(moveEvent.clientY, middles));
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stopDrag.current = null;
      setDragId(null);
    };
    function end() {
      stop();
      const position = rows().findIndex((row) => row.dataset['id'] === id);
      if (position >= 0) announce(inverter, position + 1);
    }
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    stopDrag.current = stop;
  };

  /** Props of the handle button of the row at `index`. */
  const handleProps = (inverter: Inverter, index: number) => ({
    ref: (node: HTMLButtonElement | null) => {
      if (node) handles.current.set(inverter.id, node);
      else handles.current.delete(inverter.id);
    },
    'aria-label': t('inverteradmin.MoveHandle', {
      name: inverter.name,
      position: index + 1,
      count,
    }),
    'aria-describedby': hintId,
    onKeyDown: (event: KeyboardEvent) => onKeyDown(event, inverter, index),
    onPointerDown: (event: ReactPointerEvent) => onPointerDown(event, inverter),
    onBlur: () => setFocusId(null),
  });

  return { body, hintId, dragId, announcement, handleProps };
}

export type HandleProps = ReturnType<ReturnType<typeof useReorderHandles>['handleProps']>;
