import type { ApiClient } from '@verdant/api-client';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AuthApi,
  AuthEngine,
  AuthEngineDeps,
  createAuthEngine,
  User,
} from '../../src/index.ts';

describe('public types', () => {
  it("@verdant/api-client's client is what the engine takes", () => {
    expectTypeOf<Pick<ApiClient, 'supabase' | 'profiles'>>().toExtend<AuthApi>();
    expectTypeOf<{ api: ApiClient }>().toExtend<AuthEngineDeps>();
  });

  it('the engine is a subscribable store with an explicit public interface', () => {
    expectTypeOf<ReturnType<typeof createAuthEngine>>().toEqualTypeOf<AuthEngine>();
    type Engine = AuthEngine;
    expectTypeOf<Engine['subscribe']>().toEqualTypeOf<(listener: () => void) => () => void>();
    expectTypeOf<ReturnType<Engine['getSnapshot']>['user']>().toEqualTypeOf<User | null>();
  });
});
