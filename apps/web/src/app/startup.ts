import { layoutNames } from '@chok/contract/layouts';
import { fetchAgentConfig } from '../features/content/api';
import { syncServerClock } from '../lib/server-clock';
import { type AgentConfig, useLocalData } from '../stores/local';
import { useSessionData } from '../stores/session';
import { type LayoutName, type StartupError, useUi } from '../stores/ui';

/** What the server injects into index.html (`#chok-startup`), docs/architecture.md. */
interface StartupPayload {
  agent: AgentConfig | null;
  layout: LayoutName | null;
  server_time: string | null;
  error: StartupError | null;
}

function readPayload(): StartupPayload | null {
  const el = document.getElementById('chok-startup');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as StartupPayload;
  } catch {
    return null;
  }
}

/** Start-up failures all end here: the generic error page. */
function startupFailed(err: unknown): void {
  console.error('start-up failed', err);
  useUi.getState().set({ startupError: { status: 500, message: 'An error occurred' } });
}

/**
 * Runs once before the first render (main.tsx): hydrates the persisted stores, then applies the start-up payload (or, in
 * `vite dev` where there is none, asks for the agent config).
 */
export function boot(): void {
  try {
    void useLocalData.persist.rehydrate();
    void useSessionData.persist.rehydrate();
    const payload = readPayload();
    syncServerClock(payload?.server_time);
    const ui = useUi.getState();
    // The server names the layout from the route table the router is built from (contract/layouts);
    // it frames the first paint (layouts/Layout.tsx) while the page's code loads.
    const layout = payload?.layout && layoutNames.includes(payload.layout) ? payload.layout : null;
    ui.set({
      hydrated: true,
      startupLayout: layout,
      startupPath: window.location.pathname,
      startupError: payload?.error ?? null,
    });
    if (payload?.agent) {
      useLocalData.getState().setAgentConfig(payload.agent);
    } else if (!payload?.error) {
      fetchAgentConfig()
        .then((config) => {
          syncServerClock(config.server_time);
          useLocalData.getState().setAgentConfig(config);
        })
        .catch(startupFailed);
    }
  } catch (err) {
    startupFailed(err);
  }
}
