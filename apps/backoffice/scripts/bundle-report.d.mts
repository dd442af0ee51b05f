// The types of bundle-report.mjs (a plain Node script, so `npm run bench -w @chok/backoffice` needs no
// compiler), for the server test that holds the console's first screens to their budget.
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface ModuleSize {
  /** `src/app/App.tsx`, `node_modules/react-dom/cjs/…` */
  id: string;
  /** Bytes of its code as bundled, before minifying. */
  bytes: number;
}
export interface ScreenReport {
  /** The manifest keys the screen loads (`index.html`, `src/app/StaffShell.tsx`, `_query-….js`). */
  keys: string[];
  files: (Sizes & { file: string; kind: 'js' | 'css' })[];
  modules: ModuleSize[];
  js: Sizes;
  css: Sizes;
}
export const BUDGET_JS_GZIP_BYTES: number;
export const SCREENS: Record<string, string[]>;
export function bundleReport(dist?: string): { budget_js_gzip: number; routes: Record<string, ScreenReport> };
export function screenModules(dist: string, files: string[]): ModuleSize[];
export function byPackage(modules: ModuleSize[]): ModuleSize[];
