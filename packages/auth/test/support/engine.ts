import { vi } from 'vitest';
import { createAuthEngine, createMemoryStorage, type StorageLike } from '../../src/index.ts';
import { createFakeApi, type FakeApi } from './fake-api.ts';
import { FakeDocument, fakeWindow, recordingLogger } from './env.ts';

export const ADA = { email: 'ada@example.com', password: 'Str0ng!Passw0rd' };

/** A started engine over the fake API, with fake document, window and storage. */
export function setupEngine(
  options: {
    fake?: FakeApi;
    storage?: StorageLike;
    window?: ReturnType<typeof fakeWindow>;
    document?: FakeDocument;
  } = {},
) {
  const fake = options.fake ?? createFakeApi();
  const storage = options.storage ?? createMemoryStorage();
  const doc = options.document ?? new FakeDocument();
  const win = options.window ?? fakeWindow();
  const logger = recordingLogger();
  const reload = vi.fn();
  const engine = createAuthEngine({
    api: fake.api,
    storage,
    env: { document: doc, window: win },
    logger,
    reload,
  });
  const events: string[] = [];
  engine.onEvent((event) => events.push(event));
  return { engine, fake, storage, doc, win, logger, reload, events };
}

export function addAda(
  fake: FakeApi,
  profile: Record<string, unknown> | null = {
    name: 'Ada Lovelace',
    role: 'merchant',
    has_completed_onboarding: true,
  },
) {
  return fake.addAccount(
    ADA.email,
    ADA.password,
    { name: 'Ada', role: 'affiliate' },
    profile ?? undefined,
  );
}
