import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  componentClasses,
  dropUnusedComponentRules,
  unusedRadixComponentRules,
} from '../../radix-components.ts';

const CSS = `.rt-reset { margin: 0 }
.rt-SliderRoot { height: 4px }
.rt-SelectTrigger, .rt-SliderThumb { cursor: pointer }
.rt-SelectTrigger:where(.rt-variant-soft) .rt-SelectIcon { color: gray }
.rt-r-size-2 { --size: 2 }
.vd-card { padding: 8px }
@media (min-width: 768px) { .md\\:rt-r-size-2 { --size: 2 } .rt-SliderTrack { width: 2px } }
@media (hover: hover) { .rt-SliderThumb:hover { opacity: 1 } }
:where(.rt-SelectTrigger[data-state=open], .rt-SliderThumb) .rt-SelectIcon { opacity: 1 }
.rt-SelectTrigger:not(.rt-SliderRoot) { outline: none }
@keyframes rt-fade-in { from { opacity: 0 } to { opacity: 1 } }
`;

describe('dropUnusedComponentRules', () => {
  const used = new Set(['rt-SelectTrigger', 'rt-SelectIcon']);
  const out = dropUnusedComponentRules(CSS, used);

  it('drops the rules of components nothing renders', () => {
    expect(out).not.toContain('.rt-SliderRoot { height');
    expect(out).not.toContain('.rt-SliderTrack');
    expect(out).not.toContain('.rt-SliderThumb:hover');
    expect(out).toContain('.rt-SelectTrigger:where(.rt-variant-soft) .rt-SelectIcon');
  });

  it('keeps the used selectors of a rule that also names an unused component', () => {
    expect(out).toContain('.rt-SelectTrigger { cursor: pointer }');
  });

  it('keeps a selector whose unused component is only an alternative or a negation', () => {
    expect(out).toContain(
      ':where(.rt-SelectTrigger[data-state=open], .rt-SliderThumb) .rt-SelectIcon { opacity: 1 }',
    );
    expect(out).toContain('.rt-SelectTrigger:not(.rt-SliderRoot) { outline: none }');
  });

  it('drops an at-rule left empty and keeps one with rules left', () => {
    expect(out).not.toContain('@media (hover: hover)');
    expect(out).toContain('@media (min-width: 768px) { .md\\:rt-r-size-2 { --size: 2 } }');
  });

  it('keeps everything that names no component: reset, utilities, keyframes, the app', () => {
    for (const kept of [
      '.rt-reset',
      '.rt-r-size-2',
      '@keyframes rt-fade-in',
      'from {',
      '.vd-card',
    ]) {
      expect(out).toContain(kept);
    }
  });

  it('returns the stylesheet untouched when every component it styles is used', () => {
    const all = componentClasses(CSS);
    expect(dropUnusedComponentRules(CSS, all)).toBe(CSS);
  });
});

describe('unusedRadixComponentRules', () => {
  type Hook = (
    this: { emitFile: (file: { fileName: string; source: string }) => void },
    options: unknown,
    bundle: Rolldown.OutputBundle,
  ) => void;
  const plugin = unusedRadixComponentRules() as unknown as { generateBundle: Hook };

  function run(bundle: Record<string, unknown>) {
    const emitted: { fileName: string; source: string }[] = [];
    plugin.generateBundle.call(
      { emitFile: (file) => emitted.push(file) },
      {},
      bundle as unknown as Rolldown.OutputBundle,
    );
    return emitted;
  }

  it('writes the pruned stylesheet under a new hash and renames it in chunks, their CSS lists and pages', () => {
    const entry = {
      type: 'chunk',
      fileName: 'assets/index-abc123XY.js',
      code: 'className:"rt-SelectTrigger rt-SelectIcon";const deps=["assets/index-OLDhash1.css"]',
      viteMetadata: { importedCss: new Set(['assets/index-OLDhash1.css']) },
    };
    const page = {
      type: 'asset',
      fileName: 'index.html',
      source: '<link rel="stylesheet" href="/assets/index-OLDhash1.css">',
    };
    const bundle: Record<string, unknown> = {
      [entry.fileName]: entry,
      'assets/index-OLDhash1.css': {
        type: 'asset',
        fileName: 'assets/index-OLDhash1.css',
        source: CSS,
      },
      'index.html': page,
    };
    const emitted = run(bundle);
    expect(emitted).toHaveLength(1);
    const [css] = emitted;
    expect(css!.fileName).toMatch(/^assets\/index-[\w-]{8}\.css$/);
    expect(css!.fileName).not.toBe('assets/index-OLDhash1.css');
    expect(css!.source).not.toContain('.rt-SliderTrack');
    expect(bundle['assets/index-OLDhash1.css']).toBeUndefined();
    expect(entry.code).toContain(css!.fileName);
    expect(entry.code).not.toContain('OLDhash1');
    expect([...entry.viteMetadata.importedCss]).toEqual([css!.fileName]);
    expect(page.source).toBe(`<link rel="stylesheet" href="/${css!.fileName}">`);
  });

  it('leaves a stylesheet whose components are all used where it is', () => {
    const bundle: Record<string, unknown> = {
      'assets/a-11111111.js': {
        type: 'chunk',
        fileName: 'assets/a-11111111.js',
        code: [...componentClasses(CSS)].join(' '),
      },
      'assets/index-OLDhash1.css': {
        type: 'asset',
        fileName: 'assets/index-OLDhash1.css',
        source: CSS,
      },
    };
    expect(run(bundle)).toEqual([]);
    expect(bundle['assets/index-OLDhash1.css']).toBeDefined();
  });
});
