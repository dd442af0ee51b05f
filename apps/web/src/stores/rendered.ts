import { createStore, type StateCreator, type StoreApi, useStore } from 'zustand';

/**
 * A store the server renders with. React renders a server-rendered page twice from the same
 * state: on the server, and when the browser hydrates it, where it asks every store for its
 * server snapshot (zustand: `getInitialState`). For a plain store that is its defaults; for this
 * one it is what `render` set: on the server just before rendering (entry-server.tsx; one
 * synchronous `renderToString`, so requests never see each other's), in the browser from the same
 * start-up payload before hydrating (app/startup.ts). The first client render then matches the
 * server's HTML, and any newer state shows in the render right after hydration.
 */
export type RenderedStore<S> = (<T>(selector: (state: S) => T) => T) &
  StoreApi<S> & {
    /** Sets state and makes it the state pages are rendered and hydrated with. */
    render: (patch: Partial<S>) => void;
  };

export function createRenderedStore<S>(init: StateCreator<S>): RenderedStore<S> {
  const api = createStore<S>()(init);
  let rendered = api.getState();
  api.getInitialState = () => rendered;
  const useBound = <T>(selector: (state: S) => T): T => useStore(api, selector);
  return Object.assign(useBound, api, {
    render: (patch: Partial<S>) => {
      rendered = { ...rendered, ...patch };
      api.setState(patch);
    },
  });
}
