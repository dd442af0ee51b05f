import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Formats `source` as Biome would format the file at `filePath` (the repository's biome.json). */
export function biomeFormat(source: string, filePath: string): Promise<string> {
  const biome = path.join(ROOT, 'node_modules/.bin/biome');
  return new Promise((resolve, reject) => {
    const child = spawn(biome, ['format', `--stdin-file-path=${filePath}`], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`biome format failed (${code}): ${err}`));
    });
    child.stdin.end(source);
  });
}
