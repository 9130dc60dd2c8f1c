import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The package as `npm install` lays it out, in a fresh folder: `node_modules/@commerce-kit/test-fixtures`
 * with its real `package.json` and `bin/commerce-emulator.js`, and `dist/cli.js` compiled from
 * src/cli.ts (the run's one bundle, see global-setup.ts, so no build is needed), and `node_modules/.bin/commerce-emulator` linked to the bin as npm links it. Returns
 * the folder (a project that depends on the package) and the path of the linked bin.
 *
 * @example
 * const { project, bin } = installedPackage();
 * spawn(bin, ['--port', '0']);
 * spawn('npx', ['-p', '@commerce-kit/test-fixtures', 'commerce-emulator', '--port', '0'], { cwd: project });
 */
export function installedPackage(): { project: string; bin: string } {
  const project = mkdtempSync(join(tmpdir(), 'commerce-emulator-bin-'));
  const installed = join(project, 'node_modules', '@commerce-kit', 'test-fixtures');
  mkdirSync(join(installed, 'bin'), { recursive: true });
  copyFileSync(join(packageRoot, 'package.json'), join(installed, 'package.json'));
  copyFileSync(join(packageRoot, 'bin', 'commerce-emulator.js'), join(installed, 'bin', 'commerce-emulator.js'));
  mkdirSync(join(installed, 'dist'));
  copyFileSync(inject('cliBundle'), join(installed, 'dist', 'cli.js'));
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { name: string; version: string };
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'emulator-user', version: '1.0.0', private: true, dependencies: { [manifest.name]: manifest.version } }),
  );
  mkdirSync(join(project, 'node_modules', '.bin'));
  const bin = join(project, 'node_modules', '.bin', 'commerce-emulator');
  symlinkSync('../@commerce-kit/test-fixtures/bin/commerce-emulator.js', bin);
  return { project, bin };
}
