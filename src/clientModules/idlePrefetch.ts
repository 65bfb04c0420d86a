/**
 * Docusaurus fetches ahead the code of every internal link that scrolls into view. Each time, it
 * matches the path against all ~700 routes, looks up its chunks and adds `<link rel="prefetch">`
 * elements. The sidebar shows dozens of links at once, so right after hydration this took 150–200 ms
 * of main-thread time on a phone-speed CPU, in tasks long enough to count as blocking time
 * (Lighthouse's total blocking time on a phone). The links still fetch ahead, but a queue runs the work when the browser is
 * idle, a few paths at a time.
 */
type Prefetch = (routePath: string) => unknown;

/** Work per idle slot, in milliseconds: well under the 50 ms that make a long task. */
const SLICE_MS = 8;

interface Scheduler {
  /** Runs the callback when the main thread is idle. */
  idle(run: (timeLeft: () => number) => void): void;
}

const browserScheduler: Scheduler = {
  idle(run) {
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback((deadline) => run(() => deadline.timeRemaining()), {timeout: 3000});
    } else {
      setTimeout(() => {
        const start = performance.now();
        run(() => SLICE_MS - (performance.now() - start));
      }, 50);
    }
  },
};

/** `prefetch` deferred to idle time: each path once, in order, at least one per idle slot. */
export function idlePrefetch(prefetch: Prefetch, scheduler: Scheduler = browserScheduler): Prefetch {
  const queue: string[] = [];
  const seen = new Set<string>();
  let scheduled = false;
  const drain = (timeLeft: () => number) => {
    scheduled = false;
    const start = performance.now();
    do {
      prefetch(queue.shift()!);
    } while (queue.length > 0 && timeLeft() > 1 && performance.now() - start < SLICE_MS);
    schedule();
  };
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    scheduler.idle(drain);
  };
  return (routePath: string) => {
    if (seen.has(routePath)) return false;
    seen.add(routePath);
    queue.push(routePath);
    schedule();
    return true;
  };
}

let installed = false;

/** `window.docusaurus` is set once the app starts; this runs in the first commit, before any link reports being visible. */
export function onRouteDidUpdate(): void {
  if (installed || typeof window === 'undefined') return;
  const scope = window as unknown as {docusaurus?: {prefetch: Prefetch; preload: Prefetch}};
  const docusaurus = scope.docusaurus;
  if (!docusaurus) return;
  // The object itself is read-only: links look it up on the window each time, so a copy replaces it.
  scope.docusaurus = {...docusaurus, prefetch: idlePrefetch(docusaurus.prefetch)};
  installed = true;
}
