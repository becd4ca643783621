import { describe, expect, it } from 'vitest';
import {
  createMemoryStorage,
  DEMO_SESSION_MAX_AGE_MS,
  DEMO_USER_ID,
  STORAGE_KEYS,
} from '../../src/index.ts';
import { createDemoSessionStore } from '../../src/demo.ts';
import { createSafeStorage } from '../../src/storage.ts';
import { recordingLogger } from '../support/env.ts';

function setup() {
  const storage = createMemoryStorage();
  return { storage, demo: createDemoSessionStore(createSafeStorage(storage, recordingLogger())) };
}

const NOW = 1_800_000_000_000;

describe('demo session storage', () => {
  it('restores a demo session younger than 24 h', () => {
    const { demo } = setup();
    demo.start(NOW);
    expect(demo.restore(NOW + DEMO_SESSION_MAX_AGE_MS - 1)).toBe(true);
  });

  it('removes a demo session 24 h old or older', () => {
    const { storage, demo } = setup();
    demo.start(NOW);
    expect(demo.restore(NOW + DEMO_SESSION_MAX_AGE_MS)).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.demoSession)).toBeNull();
  });

  it.each([
    ['another user id', JSON.stringify({ userId: 'someone-else', startedAt: NOW })],
    ['malformed JSON', '{not json'],
    ['a wrong shape', JSON.stringify({ user: DEMO_USER_ID })],
    ['a start in the future', JSON.stringify({ userId: DEMO_USER_ID, startedAt: NOW + 60_000 })],
  ])('removes a stored demo session with %s', (_case, value) => {
    const { storage, demo } = setup();
    storage.setItem(STORAGE_KEYS.demoSession, value);
    expect(demo.restore(NOW)).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.demoSession)).toBeNull();
  });

  it('leaving demo mode clears demo links, the email popup timestamp and the demo session', () => {
    const { storage, demo } = setup();
    demo.start(NOW);
    storage.setItem(STORAGE_KEYS.demoLinks, '[]');
    storage.setItem(STORAGE_KEYS.emailPopupShownAt, String(NOW));
    storage.setItem('theme', 'dark');
    demo.clear();
    expect(storage.length).toBe(1);
    expect(storage.getItem('theme')).toBe('dark');
  });
});
