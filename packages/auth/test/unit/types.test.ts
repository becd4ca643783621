import type { ApiClient } from '@verdant/api-client';
import { describe, expectTypeOf, it } from 'vitest';
import type { AuthApi, AuthEngineDeps, createAuthEngine, User } from '../../src';

describe('public types', () => {
  it("@verdant/api-client's client is what the engine takes", () => {
    expectTypeOf<Pick<ApiClient, 'supabase' | 'profiles'>>().toExtend<AuthApi>();
    expectTypeOf<{ api: ApiClient }>().toExtend<AuthEngineDeps>();
  });

  it('the engine is a subscribable store', () => {
    type Engine = ReturnType<typeof createAuthEngine>;
    expectTypeOf<Engine['subscribe']>().toEqualTypeOf<(listener: () => void) => () => void>();
    expectTypeOf<ReturnType<Engine['getSnapshot']>['user']>().toEqualTypeOf<User | null>();
  });
});
