/**
 * The start-up payload and the server-rendering contract between the server
 * (apps/server/src/platform/member-site.ts) and the member site (apps/web/src/entry-server.tsx,
 * app/startup.ts). Plain types, no zod: the web bundle imports them.
 */
import type { LayoutName } from './layouts.ts';

/** A route that failed: the error page shows its status and message (docs/rules/member-site.md §2, §4). */
export interface StartupError {
  status: number;
  message: string;
}

/** What the server puts into every HTML answer (`<script type="application/json" id="chok-startup">`). */
export interface StartupPayload<Agent = unknown> {
  agent: Agent | null;
  /** The layout of the route (contract/layouts), framing the first paint. */
  layout: LayoutName | null;
  /** The server's clock when the answer was made; a server-rendered page was rendered at this time. */
  server_time: string | null;
  error: StartupError | null;
}

/** A fetch as the server-side render calls the API with: the same app, in process. */
export type ServerFetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface ServerRenderInput {
  /** The path and query asked for. */
  url: string;
  payload: StartupPayload;
  fetch: ServerFetch;
  /**
   * Whether the visitor saw the important announcements within the last 15 minutes (the member
   * site's `chok_notice` cookie, docs/rules/member-site.md §4): when not, a page rendered here other
   * than `/` opens their dialog itself (on `/` the browser opens it once the page is interactive).
   */
  noticeSeen: boolean;
}

/** A page rendered on the server; null when the route is not rendered there (it runs its guards first). */
export interface ServerRenderOutput {
  /** The markup inside `#root`. */
  html: string;
  /** The document title. */
  title: string;
  /** Source modules of the page's code (`src/pages/Home.tsx`): their scripts and styles go into the head. */
  modules: string[];
  /** The data the page was rendered with, for hydration (`<script type="application/json" id="chok-ssr">`). */
  data: unknown;
}

/** What the server-rendering bundle exports. */
export interface ServerRenderer {
  render: (input: ServerRenderInput) => Promise<ServerRenderOutput | null>;
}
