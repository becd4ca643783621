import type { Logger, StorageLike } from './types.ts';

/**
 * Local storage that never throws: reads of a blocked storage return null, writes that hit the
 * quota (or a disabled storage) are logged and dropped, so a storage problem never breaks auth.
 */
export interface SafeStorage {
  get(key: string): string | null;
  /** Returns false when the value could not be written. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** Removes every key except the given ones. */
  clearExcept(keep: readonly string[]): void;
}

export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/** The browser's localStorage when it is usable, otherwise an in-memory store. */
export function defaultStorage(): StorageLike {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (storage) {
      storage.getItem('verdant.probe');
      return storage;
    }
  } catch {
    // Access to localStorage can throw (disabled cookies, sandboxed frames).
  }
  return createMemoryStorage();
}

export function createSafeStorage(storage: StorageLike, logger: Logger): SafeStorage {
  return {
    get(key) {
      try {
        return storage.getItem(key);
      } catch (error) {
        logger.warn(`Could not read "${key}" from storage`, error);
        return null;
      }
    },
    set(key, value) {
      try {
        storage.setItem(key, value);
        return true;
      } catch (error) {
        logger.warn(`Could not write "${key}" to storage`, error);
        return false;
      }
    },
    remove(key) {
      try {
        storage.removeItem(key);
      } catch (error) {
        logger.warn(`Could not remove "${key}" from storage`, error);
      }
    },
    clearExcept(keep) {
      try {
        const keys: string[] = [];
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i);
          if (key !== null && !keep.includes(key)) keys.push(key);
        }
        for (const key of keys) storage.removeItem(key);
      } catch (error) {
        logger.warn('Could not clear storage', error);
      }
    },
  };
}
