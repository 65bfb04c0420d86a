import {describe, expect, it} from 'vitest';
import {idlePrefetch} from '../../src/clientModules/idlePrefetch';

/** A scheduler the test drives: each idle slot has the given time left and runs when told. */
function manualScheduler() {
  const slots: ((timeLeft: () => number) => void)[] = [];
  return {
    scheduler: {idle: (run: (timeLeft: () => number) => void) => void slots.push(run)},
    pending: () => slots.length,
    runSlot(timeLeft: number) {
      slots.shift()!(() => timeLeft);
    },
  };
}

describe('link prefetching at idle time (src/clientModules/idlePrefetch.ts)', () => {
  it('does nothing while links report being visible, then fetches each path once, in order, when idle', () => {
    const fetched: string[] = [];
    const s = manualScheduler();
    const prefetch = idlePrefetch((path) => fetched.push(path), s.scheduler);
    expect(prefetch('/a')).toBe(true);
    prefetch('/b');
    expect(prefetch('/a')).toBe(false);
    expect(fetched).toEqual([]);
    expect(s.pending()).toBe(1);
    s.runSlot(40);
    expect(fetched).toEqual(['/a', '/b']);
    expect(s.pending()).toBe(0);
  });

  it('does at least one path in a slot with no time left, and keeps the rest for the next slot', () => {
    const fetched: string[] = [];
    const s = manualScheduler();
    const prefetch = idlePrefetch((path) => fetched.push(path), s.scheduler);
    for (const path of ['/a', '/b', '/c']) prefetch(path);
    s.runSlot(0);
    expect(fetched).toEqual(['/a']);
    expect(s.pending()).toBe(1);
    s.runSlot(0);
    s.runSlot(0);
    expect(fetched).toEqual(['/a', '/b', '/c']);
    expect(s.pending()).toBe(0);
  });
});
