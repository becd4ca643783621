// What a consumer pays for @verdant/ui: builds small apps with Vite (production, minified) against
// the built package and reports gzipped JS and CSS.
//   baseline  React + react-dom + the Radix Themes parts Button, Toaster and Modal build on
//   kit       the same app importing Button + Toaster/toast + Modal + VerdantTheme from @verdant/ui
//   button    only Button: proves tree-shaking (no chart library, no other components)
// CSS: Radix Themes' stylesheet alone vs Radix Themes + @verdant/ui/styles.css.
// Targets: kit JS − baseline JS ≤ 10 KB gzipped; kit CSS ≤ Radix Themes CSS + 10 KB gzipped.
// Run: npm run bench:ui
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;
const gz = (text) => gzipSync(text, { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const apps = {
  baseline: `
    import { createRoot } from 'react-dom/client';
    import { Button, Dialog, IconButton, Theme } from '@radix-ui/themes';
    createRoot(document.body).render(
      <Theme appearance="dark">
        <Button>Save</Button>
        <IconButton aria-label="Close">x</IconButton>
        <Dialog.Root><Dialog.Trigger><Button>Open</Button></Dialog.Trigger>
          <Dialog.Content><Dialog.Title>Title</Dialog.Title><Dialog.Description>Text</Dialog.Description><Dialog.Close><Button>Close</Button></Dialog.Close></Dialog.Content>
        </Dialog.Root>
      </Theme>,
    );`,
  kit: `
    import { createRoot } from 'react-dom/client';
    import { Button, Modal, Toaster, VerdantTheme, toast } from '@verdant/ui';
    createRoot(document.body).render(
      <VerdantTheme>
        <Button onClick={() => toast({ title: 'Saved' })}>Save</Button>
        <Modal.Root><Modal.Trigger><Button>Open</Button></Modal.Trigger>
          <Modal.Content><Modal.Title>Title</Modal.Title><Modal.Description>Text</Modal.Description><Modal.Close><Button>Close</Button></Modal.Close></Modal.Content>
        </Modal.Root>
        <Toaster />
      </VerdantTheme>,
    );`,
  button: `
    import { createRoot } from 'react-dom/client';
    import { Button } from '@verdant/ui';
    createRoot(document.body).render(<Button>Save</Button>);`,
  radixCss: `import '@radix-ui/themes/styles.css';`,
  kitCss: `import '@radix-ui/themes/styles.css'; import '@verdant/ui/styles.css';`,
};

async function measure(dir, name) {
  const entry = join(dir, `${name}.jsx`);
  await writeFile(entry, apps[name]);
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { write: false, rollupOptions: { input: entry } },
  });
  const output = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  let js = 0;
  let css = 0;
  const modules = [];
  for (const file of output) {
    if (file.type === 'chunk') {
      js += gz(file.code);
      modules.push(...(file.moduleIds ?? Object.keys(file.modules ?? {})));
    } else if (file.fileName.endsWith('.css')) {
      css += gz(typeof file.source === 'string' ? file.source : Buffer.from(file.source));
    }
  }
  return { js, css, modules };
}

console.info('Building @verdant/validation and @verdant/ui …');
for (const ws of ['@verdant/validation', '@verdant/ui']) {
  execFileSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'ignore' });
}

// Inside the repository's node_modules, so the apps resolve packages exactly as an installed consumer
// would (default export conditions: @verdant/ui resolves to dist/, not to source).
const dir = await mkdtemp(join(root, 'node_modules', '.verdant-ui-bench-'));
try {
  const results = {};
  for (const name of Object.keys(apps)) results[name] = await measure(dir, name);

  const extraJs = results.kit.js - results.baseline.js;
  const extraCss = results.kitCss.css - results.radixCss.css;
  const buttonPulls = (pattern) => results.button.modules.some((id) => pattern.test(id));
  const uiStyles = gz(await readFile(join(root, 'packages/ui/dist/styles.css'), 'utf8'));

  console.info('');
  console.info('| app | JS gzip | CSS gzip |');
  console.info('|---|---:|---:|');
  console.info(`| React + Radix Themes (baseline) | ${kb(results.baseline.js)} | – |`);
  console.info(`| Button + Toaster + Modal from @verdant/ui | ${kb(results.kit.js)} | – |`);
  console.info(`| Button only from @verdant/ui | ${kb(results.button.js)} | – |`);
  console.info(`| Radix Themes styles.css | – | ${kb(results.radixCss.css)} |`);
  console.info(`| Radix Themes + @verdant/ui/styles.css | – | ${kb(results.kitCss.css)} |`);
  console.info('');
  console.info(
    `JS beyond React + Radix Themes: ${kb(extraJs)} (target ≤ 10 KB) → ${extraJs <= 10 * KB ? 'met' : 'MISSED'}`,
  );
  console.info(`JS ratio kit / baseline: ${(results.kit.js / results.baseline.js).toFixed(2)}`);
  console.info(
    `CSS beyond Radix Themes: ${kb(extraCss)} (@verdant/ui/styles.css alone ${kb(uiStyles)}; target ≤ 10 KB) → ${extraCss <= 10 * KB ? 'met' : 'MISSED'}`,
  );
  console.info(
    `Tree-shaking, Button-only app: chart library ${buttonPulls(/[\\/]recharts[\\/]/) ? 'INCLUDED' : 'absent'}, ` +
      `QR encoder ${buttonPulls(/[\\/]uqr[\\/]/) ? 'INCLUDED' : 'absent'}, toast primitive ${buttonPulls(/react-toast/) ? 'INCLUDED' : 'absent'}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
