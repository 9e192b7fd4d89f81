/**
 * A component whose module loads on first use, drawn as soon as it is
 * there, without <Suspense>. React 19 holds back the reveal of a suspended
 * boundary until 300 ms after its fallback was shown (FALLBACK_THROTTLE_MS),
 * so a lazy() component opened by a tap showed that much later at any CPU
 * speed, even when its module had been fetched ahead. Here a module already
 * loaded is drawn in the tap's own render; one still loading is drawn in
 * the render that follows its arrival.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { lazyOnce } from '../lib/lazy.ts';
import { untilLoaded } from '../lib/network.ts';

interface OnDemand<P> {
  /** Starts the load (once; again after a failure) and resolves with the component. */
  load(): Promise<ComponentType<P>>;
  /** The component if its module has loaded, else undefined. */
  loaded(): ComponentType<P> | undefined;
}

/** Offline since the start, the module waits for the network instead of breaking the island. */
export function onDemand<P>(importer: () => Promise<{ default: ComponentType<P> }>): OnDemand<P> {
  let component: ComponentType<P> | undefined;
  const load = lazyOnce(() =>
    untilLoaded(importer).then((module) => {
      component = module.default;
      return component;
    }),
  );
  return { load, loaded: () => component };
}

/**
 * The component once its module is there, loading it while `wanted`; null
 * before. A component that rendered null stays mounted in the same place
 * once loaded, as any other child.
 */
export function useOnDemand<P>(demand: OnDemand<P>, wanted: boolean): ComponentType<P> | null {
  const [, arrived] = useState(0);
  const component = demand.loaded();
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    void demand.load().then(() => live && arrived((n) => n + 1));
    return () => {
      live = false;
    };
  }, [demand, wanted, component]);
  return component ?? null;
}
