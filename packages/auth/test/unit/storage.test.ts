import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../src/index.ts';
import { createSafeStorage } from '../../src/storage.ts';
import { recordingLogger } from '../support/env.ts';

function quotaExceeded(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

describe('safe storage', () => {
  it('catches a quota error on write, logs it and reports false', () => {
    const storage = createMemoryStorage();
    storage.setItem = () => {
      throw quotaExceeded();
    };
    const logger = recordingLogger();
    const safe = createSafeStorage(storage, logger);
    expect(safe.set('k', 'v')).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      'Could not write "k" to storage',
      expect.any(DOMException),
    );
  });

  it('treats an unreadable storage as empty', () => {
    const storage = createMemoryStorage();
    storage.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const safe = createSafeStorage(storage, recordingLogger());
    expect(safe.get('k')).toBeNull();
    expect(() => safe.remove('k')).not.toThrow();
  });

  it('clears everything except the kept keys', () => {
    const storage = createMemoryStorage();
    for (const key of ['a', 'b', 'keep', 'c']) storage.setItem(key, key);
    createSafeStorage(storage, recordingLogger()).clearExcept(['keep']);
    expect(storage.length).toBe(1);
    expect(storage.getItem('keep')).toBe('keep');
  });
});
