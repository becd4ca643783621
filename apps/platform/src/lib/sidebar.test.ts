import { describe, expect, it } from 'vitest';
import { SIDEBAR_COLLAPSED_KEY, readSidebarCollapsed, writeSidebarCollapsed } from './sidebar.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the sidebar preference', () => {
  it('remembers a collapsed sidebar and forgets it when expanded again', () => {
    const storage = memoryStorage();
    expect(readSidebarCollapsed({ localStorage: storage })).toBe(false);
    writeSidebarCollapsed(true, { localStorage: storage });
    expect(storage.values.get(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    expect(readSidebarCollapsed({ localStorage: storage })).toBe(true);
    writeSidebarCollapsed(false, { localStorage: storage });
    expect(storage.values.has(SIDEBAR_COLLAPSED_KEY)).toBe(false);
    expect(readSidebarCollapsed({ localStorage: storage })).toBe(false);
  });

  it('starts expanded where storage throws or is missing', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSidebarCollapsed({ localStorage: blocked })).toBe(false);
    expect(() => writeSidebarCollapsed(true, { localStorage: blocked })).not.toThrow();
    expect(readSidebarCollapsed({})).toBe(false);
    const sandboxed = {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    };
    expect(readSidebarCollapsed(sandboxed)).toBe(false);
    expect(() => writeSidebarCollapsed(true, sandboxed)).not.toThrow();
  });
});
