// False in the pre-rendered HTML and during hydration, true once the island runs. Submit buttons wait
// for it: a form submitted before its island is live would be sent natively by the browser.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
