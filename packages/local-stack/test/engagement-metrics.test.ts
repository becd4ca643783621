import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack.ts';
import { nodeSupabaseOptions, startTestStack } from '../src/testing.ts';
import { createUser, type TestUser } from './helpers.ts';

// public.engagement_metrics with the project's migrations: written by the track-engagement
// function (service role) only, read by admins only.
let stack: RunningStack;
let admin: TestUser;
let member: TestUser;

function clientFor(user?: TestUser): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    ...nodeSupabaseOptions,
    global: user ? { headers: { Authorization: `Bearer ${user.token}` } } : {},
  });
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [admin, member] = [await createUser(stack), await createUser(stack)];
  await stack.pool.query(`update public.profiles set role = 'admin' where id = $1`, [admin.id]);
  const visitor = await fetch(`${stack.apiUrl}/functions/v1/track-engagement`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      metric_type: 'demo_view',
      metric_value: 1,
      metadata: { url: '/', referrer: '' },
    }),
  });
  expect(visitor.status).toBe(201);
});

afterAll(async () => {
  await stack?.stop();
});

it('lets admins read metrics and nobody else', async () => {
  const asAdmin = await clientFor(admin).from('engagement_metrics').select('metric_type');
  expect(asAdmin.error).toBeNull();
  expect(asAdmin.data).toEqual([{ metric_type: 'demo_view' }]);
  expect((await clientFor(member).from('engagement_metrics').select('metric_type')).data).toEqual(
    [],
  );
  expect((await clientFor().from('engagement_metrics').select('metric_type')).data).toEqual([]);
});

it('refuses writes through the API except by the service role', async () => {
  const row = { metric_type: 'error', metric_value: 1, metadata: {} };
  for (const client of [clientFor(admin), clientFor(member), clientFor()]) {
    const { error } = await client.from('engagement_metrics').insert(row);
    expect(error?.code).toBe('42501');
  }
  const updated = await clientFor(admin)
    .from('engagement_metrics')
    .update({ metric_value: 5 })
    .eq('metric_type', 'demo_view');
  expect(updated.error?.code).toBe('42501');
  const { rows } = await stack.pool.query(
    'select count(*)::int as n, max(metric_value) as v from public.engagement_metrics',
  );
  expect(rows[0]).toEqual({ n: 1, v: 1 });
});

it('rejects metric types and metadata that are not objects at the database too', async () => {
  const service = createClient(stack.apiUrl, stack.serviceRoleKey, nodeSupabaseOptions);
  expect(
    (await service.from('engagement_metrics').insert({ metric_type: 'click', metadata: {} })).error
      ?.code,
  ).toBe('23514');
  expect(
    (await service.from('engagement_metrics').insert({ metric_type: 'error', metadata: [1] })).error
      ?.code,
  ).toBe('23514');
});
