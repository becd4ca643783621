import { describe, expect, it } from 'vitest';
import * as auth from '../../src/index.ts';

describe('spec §9 constants', () => {
  it.each([
    ['SESSION_DURATION_MS', 24 * 60 * 60 * 1000],
    ['REMEMBER_ME_DURATION_MS', 30 * 24 * 60 * 60 * 1000],
    ['ACTIVITY_DEBOUNCE_MS', 30_000],
    ['EXPIRY_CHECK_INTERVAL_MS', 5 * 60_000],
    ['WARNING_CHECK_INTERVAL_MS', 60_000],
    ['WARNING_WINDOW_MS', 5 * 60_000],
    ['REMEMBER_ME_WARNING_WINDOW_MS', 24 * 60 * 60 * 1000],
    ['AUTO_REFRESH_TICK_MS', 30_000],
    ['AUTO_REFRESH_TICK_THRESHOLD', 3],
    ['AUTO_REFRESH_MARGIN_MS', 90_000],
    ['REFRESH_RETRY_BASE_MS', 200],
    ['SUBSCRIPTION_RECHECK_DELAY_MS', 100],
    ['DEMO_SESSION_MAX_AGE_MS', 24 * 60 * 60 * 1000],
    ['APP_VERSION', '1.0.0'],
    ['DEMO_USER_ID', '00000000-0000-0000-0000-000000000001'],
  ] as const)('%s = %s', (name, value) => {
    expect(auth[name]).toBe(value);
  });

  it('the demo user is the spec demo user', () => {
    expect(auth.DEMO_USER).toMatchObject({
      id: '00000000-0000-0000-0000-000000000001',
      role: 'demo',
      name: 'Demo User',
      hasCompletedOnboarding: true,
      available_roles: ['demo'],
      current_active_role: 'demo',
    });
  });
});
