import { errorPageText, layoutNames } from '@chok/contract/layouts';
import type { StartupPayload } from '@chok/contract/startup';
import { fetchAgentConfig } from '../features/content/api';
import { setRenderedAt, syncServerClock } from '../lib/server-clock';
import { type AgentConfig, useAgent } from '../stores/agent';
import { watchBreakpoints } from '../stores/breakpoints';
import { useLocalData } from '../stores/local';
import { useSessionData } from '../stores/session';
import { followOtherTabs } from '../stores/tabs';
import { useUi } from '../stores/ui';

export type Payload = StartupPayload<AgentConfig>;

/** A JSON script element the server wrote into the page (`#chok-startup`, `#chok-ssr`). */
export function readJsonScript<T>(id: string): T | null {
  const el = document.getElementById(id);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as T;
  } catch {
    return null;
  }
}

/** Start-up failures all end here: the generic error page. */
function startupFailed(err: unknown): void {
  console.error('start-up failed', err);
  useUi.getState().set({ startupError: { status: 500, message: errorPageText(500) } });
}

/**
 * The start-up payload as the state pages are rendered with (stores/rendered.ts): the layout the
 * server named, its error, the agent configuration and the render instant. The server applies it
 * before rendering a page (entry-server.tsx), the browser before the first render or hydration.
 */
export function applyStartup(payload: Payload | null, pathname: string): void {
  setRenderedAt(payload?.server_time);
  const layout = payload?.layout && layoutNames.includes(payload.layout) ? payload.layout : null;
  useUi.render({ startupLayout: layout, startupPath: pathname, startupError: payload?.error ?? null });
  if (payload?.agent) useAgent.render({ agentConfig: payload.agent });
}

/**
 * Runs once before the first render (main.tsx): applies the start-up payload, reads the persisted
 * stores, follows the breakpoints (or, in `vite dev` where there is no payload, asks for the agent
 * config).
 */
export function boot(): void {
  try {
    const payload = readJsonScript<Payload>('chok-startup');
    syncServerClock(payload?.server_time);
    // The server names the layout from the route table the router is built from (contract/layouts);
    // it frames the first paint (layouts/Layout.tsx) while the page's code loads.
    applyStartup(payload, window.location.pathname);
    void useLocalData.persist.rehydrate();
    void useSessionData.persist.rehydrate();
    followOtherTabs();
    // Not part of what pages render with: a server-rendered page hydrates as before the stores were read.
    useUi.getState().set({ hydrated: true });
    watchBreakpoints();
    if (!payload?.agent && !payload?.error) {
      fetchAgentConfig()
        .then((config) => {
          syncServerClock(config.server_time);
          useAgent.getState().setAgentConfig(config);
        })
        .catch(startupFailed);
    }
  } catch (err) {
    startupFailed(err);
  }
}
