import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazily loaded component that renders at once when its code is already here (fetched ahead on hover or when
 * idle): React.lazy alone suspends on its first render even then, and React then holds the new content back for
 * 300 ms after showing the fallback (its FALLBACK_THROTTLE_MS), which made every prefetched navigation take that
 * long. `loaded` says whether the code has arrived; the choice is made once per mount, so the component never
 * remounts when its code arrives.
 */
export function preloadedLazy(
  load: () => Promise<ComponentType>,
  loaded: () => ComponentType | undefined,
  name: string,
): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Preloaded() {
    const [Component] = useState<ComponentType>(() => loaded() ?? Lazy);
    return <Component />;
  }
  Preloaded.displayName = `Preloaded(${name})`;
  return Preloaded;
}
