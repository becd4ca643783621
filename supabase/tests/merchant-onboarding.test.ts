// The merchant's sustainability statement: written by the owner during onboarding, checked by the
// database, invisible to other merchants while the company is not approved.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, tryQuery, withClient } from './support/db.ts';
import { ID, fixtureSql } from './support/fixture.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const STATEMENT = 'All packaging is reused from our suppliers and returned by customers.';

const as = (userId: string | null, sql: string, values: unknown[] = []) =>
  withClient(stack, (client) => asUser(client, userId, (c) => tryQuery(c, sql, values)));

describe('merchant_profiles.sustainability_statement', () => {
  it('lets the owner write a statement of 20 to 4000 characters', async () => {
    const ok = await as(
      ID.M3,
      `update public.merchant_profiles set sustainability_statement = $1 where id = $2`,
      [STATEMENT, ID.M3],
    );
    expect(ok).toMatchObject({ rowCount: 1 });
    const short = await as(
      ID.M3,
      `update public.merchant_profiles set sustainability_statement = 'too short' where id = $1`,
      [ID.M3],
    );
    expect(short).toMatchObject({ error: { code: '23514' } });
    const long = await as(
      ID.M3,
      `update public.merchant_profiles set sustainability_statement = repeat('x', 4001) where id = $1`,
      [ID.M3],
    );
    expect(long).toMatchObject({ error: { code: '23514' } });
  });

  it("changes nothing for another merchant and keeps a pending company's statement private", async () => {
    await stack.pool.query(
      `update public.merchant_profiles set sustainability_statement = $1 where id = $2`,
      [STATEMENT, ID.M3],
    );
    const other = await as(
      ID.M,
      `update public.merchant_profiles set sustainability_statement = $1 where id = $2`,
      ['A different statement written by someone else.', ID.M3],
    );
    expect(other).toMatchObject({ rowCount: 0 });
    const read = await as(
      ID.M,
      `select sustainability_statement from public.merchant_profiles where id = $1`,
      [ID.M3],
    );
    expect(read).toMatchObject({ rowCount: 0 });
    const anon = await as(
      null,
      `select sustainability_statement from public.merchant_profiles where id = $1`,
      [ID.M3],
    );
    expect(anon).toMatchObject({ rowCount: 0 });
    const own = await as(
      ID.M3,
      `select sustainability_statement from public.merchant_profiles where id = $1`,
      [ID.M3],
    );
    expect(own).toMatchObject({ rows: [{ sustainability_statement: STATEMENT }] });
  });
});
