import { useCallback, useEffect, useRef } from 'react';

/**
 * `afterRender()`: a promise that resolves once the component has rendered and committed again
 * (its effects ran). For an event handler that awaited something and set state, and must go on with
 * what that render holds. Ask for it before setting the state.
 */
export function useAfterRender(): () => Promise<void> {
  const waiting = useRef<(() => void)[]>([]);
  useEffect(() => {
    for (const resolve of waiting.current.splice(0)) resolve();
  });
  return useCallback(() => new Promise<void>((resolve) => waiting.current.push(resolve)), []);
}
