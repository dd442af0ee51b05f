import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this module's place whether it runs from
 * its source (src/platform, under tsx or vitest) or from the bundle `npm start` runs (dist/, built
 * by scripts/build.ts): the nearest folder up that holds a package.json. Files the server reads at
 * run time (migrations, the password list, the built browser apps) are found from here.
 */
export const SERVER_ROOT = (() => {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
})();
