import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('package boundaries', () => {
  it('the core never imports React; only src/react does', () => {
    const core = sourceFiles(srcDir).filter((file) => !relative(srcDir, file).startsWith('react'));
    expect(core.length).toBeGreaterThan(5);
    for (const file of core) {
      expect(readFileSync(file, 'utf8'), relative(srcDir, file)).not.toMatch(
        /from ['"]react(-dom)?(\/[^'"]*)?['"]/,
      );
    }
  });

  it('nothing imports a UI kit or a router', () => {
    for (const file of sourceFiles(srcDir)) {
      expect(readFileSync(file, 'utf8'), relative(srcDir, file)).not.toMatch(
        /from ['"](@verdant\/ui|react-router[^'"]*|@radix-ui[^'"]*)['"]/,
      );
    }
  });
});
