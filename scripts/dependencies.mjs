// First contact: `npm start` and `npm test` install the dependencies from the lockfile when
// node_modules is missing or does not match package-lock.json, so a fresh clone needs only those two
// commands. npm records the installed tree in node_modules/.package-lock.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Why an install is needed, or null when node_modules holds what the lockfile lists. */
export function installReason(dir = root) {
  const hidden = `${dir}/node_modules/.package-lock.json`;
  if (!existsSync(hidden)) return 'node_modules is missing';
  const wanted = JSON.parse(readFileSync(`${dir}/package-lock.json`, 'utf8')).packages ?? {};
  const installed = JSON.parse(readFileSync(hidden, 'utf8')).packages ?? {};
  for (const [name, entry] of Object.entries(wanted)) {
    // Only installed packages; optional ones (other platforms' binaries) may rightly be absent.
    if (!name.startsWith('node_modules/') || entry.link || entry.optional) continue;
    if (installed[name]?.version !== entry.version)
      return `${name.slice(13)} ${entry.version} is not installed`;
  }
  return null;
}

/** Runs `npm ci` (exactly the lockfile) when needed; exits the process if it fails. */
export function ensureDependencies(command) {
  const reason = installReason();
  if (!reason) return;
  console.info(`${command}: ${reason}; installing the dependencies from the lockfile (npm ci)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${command}: npm ci failed (see above).`);
    process.exit(result.status ?? 1);
  }
}
