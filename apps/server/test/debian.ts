import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Tests that check the product with an independent tool (zbarimg, promtool) take it from its Debian
 * package: when `file` is missing, `pkg` is installed with apt-get (as root, or with password-less sudo).
 */
export function ensureDebianTool(file: string, pkg: string): void {
  if (existsSync(file)) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    execFileSync(cmd!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  process.stdout.write(`${file} is missing: installing Debian package ${pkg}\n`);
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', pkg]);
}
