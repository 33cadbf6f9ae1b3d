import { Component, Suspense, use, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from './toast';
import { isChunkLoadError } from './chunk-errors';
import { errorMessage } from './errors';

/*
 * Parts of a page that appear only after a click (dialogs, the waiting-entries list) come as their
 * own chunk, so `/` opened fresh fetches less JavaScript (issue 9, decision 0185). The trigger
 * calls `preload` on intent (pointer over it, focus), so by the click the chunk is usually here.
 */

export interface LazyPart<P extends object> {
  /** Renders the part once its chunk is here (suspends until then: wrap it in <LazyBoundary>). */
  Component: ComponentType<P>;
  /** Starts fetching the chunk (hover, focus); after a failed fetch, tries again. */
  preload: () => void;
  /** Forgets a failed fetch, so that the next render or preload tries again. */
  reset: () => void;
  /** Preloads, and resolves once the chunk is here (never rejects: a failed fetch resolves false). */
  ready: () => Promise<boolean>;
}

type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * A component loaded by `load()` the first time it renders or is preloaded. The promise is kept
 * settled, with the status and value React's `use` reads: a part preloaded on hover renders at
 * once on the click, and a failed fetch throws to the boundary (a fresh promise per render would
 * suspend for ever) until `reset` (the boundary's catch) or `preload` (a new intent) clears it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  return makePart(load);
}

const shared = new Map<string, LazyPart<never>>();

/**
 * The same part asked for from two chunks (the menu preloads what a page renders): one loading
 * state under one name, so a part preloaded by one renders at once in the other. Sharing a module
 * that defines it would instead cost a chunk of its own for the two chunks that import it.
 */
export function sharedLazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const known = shared.get(name) as LazyPart<P> | undefined;
  if (known) return known;
  const part = makePart(load);
  shared.set(name, part as unknown as LazyPart<never>);
  return part;
}

function makePart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let pending: Tracked<ComponentType<P>> | null = null;
  const get = (): Tracked<ComponentType<P>> => {
    if (pending) return pending;
    const promise: Tracked<ComponentType<P>> = load().then(
      (loaded) => {
        promise.status = 'fulfilled';
        promise.value = loaded;
        return loaded;
      },
      (error: unknown) => {
        promise.status = 'rejected';
        promise.reason = error;
        throw error;
      },
    );
    promise.catch(() => undefined); // handled where it is rendered
    return (pending = promise);
  };
  const reset = () => {
    if (pending?.status === 'rejected') pending = null;
  };
  const ready = () => {
    reset();
    return get().then(
      () => true,
      () => false,
    );
  };
  function Lazy(props: P) {
    const Loaded = use(get() as Promise<ComponentType<P>>);
    return <Loaded {...props} />;
  }
  return {
    Component: Lazy,
    preload: () => void ready(),
    reset,
    ready,
  };
}

/**
 * True from the first time `open` is true: a lazy dialog stays mounted after it closed, so it
 * closes like any other (the browser hands focus back to its opener). `reset` unmounts it again.
 */
export function useMountedOnce(open: boolean): [mounted: boolean, reset: () => void] {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return [mounted || open, () => setMounted(false)];
}

interface BoundaryProps {
  children: ReactNode;
  /** The part rendered inside; a failed fetch of it is forgotten, so the next open tries again. */
  part: Pick<LazyPart<never>, 'reset'>;
  /** The chunk could not be fetched (offline, server down): the caller closes what it opened. */
  onFailed: () => void;
}

/**
 * Suspense (nothing shown while the chunk comes) and a catch for a chunk that cannot be fetched:
 * a toast says the server could not be reached and the page stays as it was, instead of the
 * route's error page. Other errors go on to the route's boundary as before.
 */
export class LazyBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) return;
    this.props.part.reset();
    toast.error(errorMessage(error));
    this.props.onFailed();
  }

  override render() {
    const { error } = this.state;
    if (error !== null) {
      if (!isChunkLoadError(error)) throw error;
      return null;
    }
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
