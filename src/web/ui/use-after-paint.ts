import { useEffect, useState } from 'react';

/**
 * False on the first render, true once that render has been painted (a frame, then a task). A heavy part (a chart)
 * rendered only when this is true does not hold back the first paint of the light parts around it: React commits a
 * tree only when all of it has rendered.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
