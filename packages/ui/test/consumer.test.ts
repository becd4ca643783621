// The published shape, end to end: pack @verdant/ui (and its workspace dependency
// @verdant/validation) with `npm pack`, install the tarballs into a fresh Vite app, build the app,
// and render a Button and a toast in Chromium. Offline: the tarballs are unpacked into the app's
// node_modules and every other dependency is linked from the repository's installed node_modules.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../config/chromium.mjs';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(packageDir, '../..');
const validationDir = join(repoRoot, 'packages/validation');

/** Whether a package's build output is missing or older than a file it is built from. */
async function isStale(dir: string): Promise<boolean> {
  const built = join(dir, 'dist/index.js');
  if (!existsSync(built)) return true;
  const builtAt = (await stat(built)).mtimeMs;
  const sources = [join(dir, 'package.json'), join(dir, 'tsup.config.ts')];
  for (const entry of await readdir(join(dir, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) sources.push(join(entry.parentPath, entry.name));
  }
  for (const file of sources) {
    if (existsSync(file) && (await stat(file)).mtimeMs > builtAt) return true;
  }
  return false;
}

/** Everything the app needs besides the packed tarballs, linked from the repository. */
const linkedDependencies = [
  'react',
  'react-dom',
  'scheduler',
  '@radix-ui/themes',
  'radix-ui',
  '@radix-ui/react-icons',
  '@radix-ui/react-use-controllable-state',
  'class-variance-authority',
  'clsx',
  'recharts',
  'uqr',
  'htmlparser2',
];

const appSource = `
import '@radix-ui/themes/styles.css';
import '@verdant/ui/styles.css';
import { createRoot } from 'react-dom/client';
import { Button, Toaster, VerdantTheme, toast } from '@verdant/ui';

createRoot(document.getElementById('root')).render(
  <VerdantTheme>
    <main style={{ padding: 24 }}>
      <Button onClick={() => toast({ title: 'Link saved', description: 'Your link is live.' })}>Save link</Button>
    </main>
    <Toaster />
  </VerdantTheme>,
);
`;

async function packInto(dir: string, packageDirectory: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: packageDirectory,
  });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  return join(dir, filename);
}

async function installTarball(appDir: string, tarball: string, name: string) {
  const target = join(appDir, 'node_modules', name);
  await mkdir(target, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

function serve(root: string): Promise<Server> {
  // Never rejects: a file that cannot be read is answered 404.
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = pathname === '/' ? '/index.html' : pathname;
    try {
      const body = await readFile(join(root, file));
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      if (!res.headersSent) res.writeHead(404);
      res.end();
    }
  };
  const server = createServer((req, res) => void respond(req, res));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('a consumer app built from the packed package', () => {
  let workDir: string;
  let server: Server;
  let browser: Browser;
  let baseUrl: string;
  let tarballFiles: string[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'verdant-ui-consumer-'));
    const appDir = join(workDir, 'app');
    await mkdir(join(appDir, 'src'), { recursive: true });

    // Under `npm test` the task graph builds both packages first (`build`, `^build`); run on its
    // own, the test builds whichever output is missing or older than its sources. It never
    // rebuilds a fresh dist, which other tasks (the package checks) may be reading meanwhile.
    for (const dir of [validationDir, packageDir]) {
      if (await isStale(dir)) await run('npm', ['run', 'build'], { cwd: dir });
    }
    const uiTarball = await packInto(workDir, packageDir);
    const validationTarball = await packInto(workDir, validationDir);
    await installTarball(appDir, uiTarball, '@verdant/ui');
    await installTarball(appDir, validationTarball, '@verdant/validation');
    tarballFiles = (await run('tar', ['-tzf', uiTarball])).stdout.trim().split('\n');

    for (const dep of linkedDependencies) {
      const link = join(appDir, 'node_modules', dep);
      await mkdir(join(link, '..'), { recursive: true });
      await symlink(join(repoRoot, 'node_modules', dep), link, 'dir');
    }

    await writeFile(
      join(appDir, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await writeFile(
      join(appDir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Consumer</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
    );
    await writeFile(join(appDir, 'src/main.jsx'), appSource);

    await build({ root: appDir, configFile: false, logLevel: 'silent', plugins: [react()] });
    server = await serve(join(appDir, 'dist'));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      ...chromiumLaunchOptions,
      args: [...chromiumLaunchOptions.args],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('ships dist and the stylesheets, without stories, tests or screenshots', () => {
    expect(tarballFiles).toContain('package/dist/index.js');
    expect(tarballFiles).toContain('package/dist/index.d.ts');
    expect(tarballFiles).toContain('package/dist/styles.css');
    // Each heavy entry ships its own stylesheet, and the core one does not carry their rules.
    for (const part of [
      'charts',
      'sortable-list',
      'date-range-picker',
      'command-palette',
      'link-in-bio',
    ])
      expect(tarballFiles).toContain(`package/dist/${part}.css`);
  });

  it("keeps the heavy parts' rules out of the core stylesheet and in their own", async () => {
    const css = (name: string) => readFile(join(packageDir, 'dist', `${name}.css`), 'utf8');
    const core = await css('styles');
    for (const [part, block] of [
      ['charts', '.vd-chart'],
      ['sortable-list', '.vd-sortable-list'],
      ['date-range-picker', '.vd-date-range-picker'],
      ['command-palette', '.vd-command-palette'],
      ['link-in-bio', '.vd-link-page'],
    ] as const) {
      expect(core).not.toContain(block);
      expect(await css(part)).toContain(block);
    }
    expect(
      tarballFiles.filter((f) => /\.(stories|test)\.tsx?$|__screenshots__|\.png$/.test(f)),
    ).toEqual([]);
  });

  it('renders a dark Button and shows a toast in Chromium', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(baseUrl);

    const button = page.getByRole('button', { name: 'Save link' });
    await button.waitFor();
    // Radix Themes and Verdant styles are applied: a dark root and the brand gradient on the button.
    const theme = await page.locator('.radix-themes').first().getAttribute('class');
    expect(theme).toContain('dark');
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
      'linear-gradient',
    );

    await button.click();
    const toastElement = page.locator('[data-slot="toast"]');
    await toastElement.waitFor();
    expect(await toastElement.textContent()).toContain('Link saved');
    // Portalled into body, yet themed dark.
    expect(
      await toastElement.evaluate((el) => el.closest('.radix-themes')?.classList.contains('dark')),
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
