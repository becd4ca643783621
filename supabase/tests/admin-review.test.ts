// Review decisions with their reasons: the administrator's rejection reason on merchants and
// products (written by admins only, read by the merchant, gone once the row leaves `rejected`),
// approval only of merchants who finished onboarding, a rejected merchant sending its company again
// through complete_onboarding(), and admin_list_users() with the sign-in email for administrators.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, tryQuery, withClient, type PoolClient } from './support/db.ts';
import { EMAIL, ID, fixtureSql } from './support/fixture.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** Runs `body` as `userId` (anon when null) in a rolled-back transaction, after `setup` as the superuser. */
const as = <T>(
  userId: string | null,
  body: (c: PoolClient) => Promise<T>,
  setup?: (c: PoolClient) => Promise<void>,
) => withClient(stack, (client) => asUser(client, userId, body, setup));

const REASON = 'The evidence link does not name your company; send the certificate itself.';

/** M3 (pending, mid-onboarding in the fixture) with a website, a claim and a finished onboarding. */
async function finishM3(c: PoolClient): Promise<void> {
  await c.query(
    `update public.merchant_profiles set website = 'https://pending-goods.example' where id = $1`,
    [ID.M3],
  );
  await c.query(
    `insert into public.sustainability_claims (merchant_id, claim, evidence_url) values ($1, 'Recycled boxes', '/evidence/m3.pdf')`,
    [ID.M3],
  );
  await c.query(`update public.merchant_profiles set onboarding_step = 'complete' where id = $1`, [
    ID.M3,
  ]);
  await c.query(`update public.profiles set has_completed_onboarding = true where id = $1`, [
    ID.M3,
  ]);
}

const companyOf = async (c: PoolClient, id: string) =>
  (
    await c.query<{
      approval_status: string;
      rejection_reason: string | null;
      onboarding_step: string;
    }>(
      `select approval_status, rejection_reason, onboarding_step from public.merchant_profiles where id = $1`,
      [id],
    )
  ).rows[0];

describe('merchant_profiles: approval and the rejection reason', () => {
  it('refuses to approve a merchant that has not finished onboarding, and changes nothing', async () => {
    const outcome = await as(ID.admin, async (c) => {
      const approve = await tryQuery(
        c,
        `update public.merchant_profiles set approval_status = 'approved' where id = $1`,
        [ID.M3],
      );
      return { approve, after: await companyOf(c, ID.M3) };
    });
    expect(outcome.approve).toMatchObject({
      error: { code: '23514', message: 'Only merchants who finished onboarding can be approved' },
    });
    expect(outcome.after).toMatchObject({ approval_status: 'pending', onboarding_step: 'company' });
  });

  it('lets an administrator approve a merchant who finished onboarding', async () => {
    const after = await as(
      ID.admin,
      async (c) => {
        await c.query(
          `update public.merchant_profiles set approval_status = 'approved' where id = $1`,
          [ID.M3],
        );
        return (
          await c.query(
            `select approval_status, approved_by, approved_at is not null as stamped from public.merchant_profiles where id = $1`,
            [ID.M3],
          )
        ).rows[0];
      },
      finishM3,
    );
    expect(after).toEqual({ approval_status: 'approved', approved_by: ID.admin, stamped: true });
  });

  it('stores the reason of a rejection, which the merchant reads and nobody else does', async () => {
    const outcome = await as(
      ID.admin,
      async (c) => {
        const reject = await tryQuery(
          c,
          `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = $2 where id = $1`,
          [ID.M3, REASON],
        );
        return { reject };
      },
      finishM3,
    );
    expect(outcome.reject).toMatchObject({ rowCount: 1 });

    const reject = async (c: PoolClient) => {
      await finishM3(c);
      await c.query(
        `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = $2 where id = $1`,
        [ID.M3, REASON],
      );
    };
    const read = (userId: string | null) =>
      as(
        userId,
        (c) =>
          tryQuery(c, `select rejection_reason from public.merchant_profiles where id = $1`, [
            ID.M3,
          ]),
        reject,
      );
    expect(await read(ID.M3)).toMatchObject({ rows: [{ rejection_reason: REASON }] });
    expect(await read(ID.admin)).toMatchObject({ rows: [{ rejection_reason: REASON }] });
    expect(await read(ID.M)).toMatchObject({ rowCount: 0 });
    expect(await read(ID.A)).toMatchObject({ rowCount: 0 });
    expect(await read(null)).toMatchObject({ rowCount: 0 });
  });

  it('keeps the reason for administrators: a merchant cannot write or clear it', async () => {
    const outcome = await as(
      ID.M3,
      async (c) => {
        const change = await tryQuery(
          c,
          `update public.merchant_profiles set rejection_reason = 'All fine now' where id = $1`,
          [ID.M3],
        );
        const clear = await tryQuery(
          c,
          `update public.merchant_profiles set rejection_reason = null where id = $1`,
          [ID.M3],
        );
        return { change, clear, after: await companyOf(c, ID.M3) };
      },
      async (c) => {
        await finishM3(c);
        await c.query(
          `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = $2 where id = $1`,
          [ID.M3, REASON],
        );
      },
    );
    expect(outcome.change).toMatchObject({
      error: { code: '42501', message: 'Only administrators can approve merchants' },
    });
    expect(outcome.clear).toMatchObject({ error: { code: '42501' } });
    expect(outcome.after).toMatchObject({ approval_status: 'rejected', rejection_reason: REASON });
  });

  it("drops a reason from a merchant's own insert", async () => {
    const row = await as(
      ID.M3,
      async (c) => {
        await c.query(
          `insert into public.merchant_profiles (id, company_name, approval_status, rejection_reason)
           values ($1, 'Pending Goods', 'rejected', 'Self-written reason')`,
          [ID.M3],
        );
        return companyOf(c, ID.M3);
      },
      (c) => c.query(`delete from public.merchant_profiles where id = $1`, [ID.M3]).then(() => {}),
    );
    expect(row).toMatchObject({ approval_status: 'pending', rejection_reason: null });
  });

  it('refuses a reason longer than 2000 characters, a blank one, or one on a row that is not rejected', async () => {
    const outcome = await as(
      ID.admin,
      async (c) => ({
        long: await tryQuery(
          c,
          `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = repeat('x', 2001) where id = $1`,
          [ID.M3],
        ),
        blank: await tryQuery(
          c,
          `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = '   ' where id = $1`,
          [ID.M3],
        ),
        pending: await tryQuery(
          c,
          `update public.merchant_profiles set rejection_reason = 'Not rejected yet' where id = $1`,
          [ID.M3],
        ),
        approved: await tryQuery(
          c,
          `update public.merchant_profiles set approval_status = 'approved', rejection_reason = 'Mixed up' where id = $1`,
          [ID.M3],
        ),
        longest: await tryQuery(
          c,
          `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = repeat('x', 2000) where id = $1`,
          [ID.M3],
        ),
      }),
      finishM3,
    );
    expect(outcome.long).toMatchObject({ error: { code: '23514' } });
    expect(outcome.blank).toMatchObject({ error: { code: '23514' } });
    expect(outcome.pending).toMatchObject({ error: { code: '23514' } });
    expect(outcome.approved).toMatchObject({ error: { code: '23514' } });
    expect(outcome.longest).toMatchObject({ rowCount: 1 });
  });

  it('clears the reason when an administrator approves the company after all', async () => {
    const after = await as(
      ID.admin,
      async (c) => {
        await c.query(
          `update public.merchant_profiles set approval_status = 'approved' where id = $1`,
          [ID.M3],
        );
        return companyOf(c, ID.M3);
      },
      async (c) => {
        await finishM3(c);
        await c.query(
          `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = $2 where id = $1`,
          [ID.M3, REASON],
        );
      },
    );
    expect(after).toMatchObject({ approval_status: 'approved', rejection_reason: null });
  });
});

describe('complete_onboarding(): a rejected merchant sends its company again', () => {
  const rejectM3 = async (c: PoolClient) => {
    await finishM3(c);
    await c.query(
      `update public.merchant_profiles set approval_status = 'rejected', rejection_reason = $2 where id = $1`,
      [ID.M3, REASON],
    );
  };

  it('puts a rejected company back to pending, without the old reason', async () => {
    const outcome = await as(
      ID.M3,
      async (c) => {
        const before = await companyOf(c, ID.M3);
        const result = await tryQuery(
          c,
          `select has_completed_onboarding from public.complete_onboarding()`,
        );
        return { before, result, after: await companyOf(c, ID.M3) };
      },
      rejectM3,
    );
    expect(outcome.before).toMatchObject({ approval_status: 'rejected', rejection_reason: REASON });
    expect(outcome.result).toMatchObject({ rows: [{ has_completed_onboarding: true }] });
    expect(outcome.after).toEqual({
      approval_status: 'pending',
      rejection_reason: null,
      onboarding_step: 'complete',
    });
  });

  it('still needs the website and a claim: refused, the rejection stays as it was', async () => {
    const outcome = await as(
      ID.M3,
      async (c) => {
        // The merchant removes its only claim before sending again.
        await c.query(`delete from public.sustainability_claims where merchant_id = $1`, [ID.M3]);
        const result = await tryQuery(c, `select * from public.complete_onboarding()`);
        return { result, after: await companyOf(c, ID.M3) };
      },
      rejectM3,
    );
    expect(outcome.result).toMatchObject({
      error: {
        code: '23514',
        message: 'Add at least one sustainability claim with evidence before finishing onboarding',
      },
    });
    expect(outcome.after).toMatchObject({ approval_status: 'rejected', rejection_reason: REASON });
  });

  it('leaves an approved or a suspended company as it is', async () => {
    for (const status of ['approved', 'suspended']) {
      const after = await as(
        ID.M3,
        async (c) => {
          await c.query(`select public.complete_onboarding()`);
          return companyOf(c, ID.M3);
        },
        async (c) => {
          await finishM3(c);
          await c.query(`update public.merchant_profiles set approval_status = $2 where id = $1`, [
            ID.M3,
            status,
          ]);
        },
      );
      expect(after, status).toMatchObject({ approval_status: status });
    }
  });
});

describe('products: the rejection reason', () => {
  const rejectDraft = (c: PoolClient) =>
    c
      .query(
        `update public.products set status = 'rejected', rejection_reason = $2 where id = $1`,
        [ID.productDraft, 'The CO2e source is a marketing page, not a study.'],
      )
      .then(() => {});

  it('is set by an administrator with the rejection and read by the merchant', async () => {
    const outcome = await as(ID.admin, async (c) => {
      const reject = await tryQuery(
        c,
        `update public.products set status = 'rejected', rejection_reason = 'Blurry images' where id = $1
         returning status, rejection_reason, reviewed_by`,
        [ID.productDraft],
      );
      return reject;
    });
    expect(outcome).toMatchObject({
      rows: [{ status: 'rejected', rejection_reason: 'Blurry images', reviewed_by: ID.admin }],
    });
    const read = await as(
      ID.M,
      (c) =>
        tryQuery(c, `select rejection_reason from public.products where id = $1`, [
          ID.productDraft,
        ]),
      rejectDraft,
    );
    expect(read).toMatchObject({
      rows: [{ rejection_reason: 'The CO2e source is a marketing page, not a study.' }],
    });
  });

  it('cannot be written by the merchant, and is cleared when the merchant sends the product again', async () => {
    const outcome = await as(
      ID.M,
      async (c) => {
        const change = await tryQuery(
          c,
          `update public.products set rejection_reason = 'Fixed' where id = $1`,
          [ID.productDraft],
        );
        const insert = await tryQuery(
          c,
          `insert into public.products (merchant_id, name, slug, price_cents, rejection_reason)
           values ($1, 'Sneaky', 'sneaky-reason', 100, 'Self-written') returning rejection_reason`,
          [ID.M],
        );
        const resend = await tryQuery(
          c,
          `update public.products set status = 'pending_review', description = 'Now with a study'
           where id = $1 returning status, rejection_reason`,
          [ID.productDraft],
        );
        return { change, insert, resend };
      },
      rejectDraft,
    );
    expect(outcome.change).toMatchObject({
      error: { code: '42501', message: 'Only administrators can approve or reject products' },
    });
    expect(outcome.insert).toMatchObject({ rows: [{ rejection_reason: null }] });
    expect(outcome.resend).toMatchObject({
      rows: [{ status: 'pending_review', rejection_reason: null }],
    });
  });

  it('belongs to a rejected product only', async () => {
    const outcome = await as(ID.admin, (c) =>
      tryQuery(
        c,
        `update public.products set status = 'approved', rejection_reason = 'Mixed up' where id = $1`,
        [ID.productDraft],
      ),
    );
    expect(outcome).toMatchObject({ error: { code: '23514' } });
  });
});

describe('admin_list_users(): profiles with their email, for administrators', () => {
  const list = (userId: string | null, search: string | null) =>
    as(userId, (c) =>
      tryQuery(c, `select id, email, role from public.admin_list_users($1) order by email`, [
        search,
      ]),
    );

  it('lists every profile with its sign-in email', async () => {
    const all = await list(ID.admin, null);
    expect(all).toMatchObject({ rowCount: Object.keys(EMAIL).length });
    expect('rows' in all && all.rows).toContainEqual({
      id: ID.M3,
      email: EMAIL.M3,
      role: 'merchant',
    });
  });

  it('matches part of the email, the name or the username, case-insensitively, as plain text', async () => {
    const ids = async (search: string) => {
      const result = await list(ID.admin, search);
      return 'rows' in result ? result.rows.map((r) => r.id) : result;
    };
    expect(await ids('MERCHANT3@matrix')).toEqual([ID.M3]);
    expect(await ids('affiliate-')).toEqual([ID.A, ID.B]);
    // Pattern characters are plain text: `%` and `_` match only themselves.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    const { rows } = await stack.pool.query<{ name: string; username: string }>(
      `select name, username from public.profiles where id = $1`,
      [ID.M2],
    );
    expect(await ids(rows[0]!.name.toUpperCase())).toContain(ID.M2);
    expect(await ids(rows[0]!.username)).toContain(ID.M2);
  });

  it('answers nobody else: merchants, affiliates and anonymous callers are refused', async () => {
    for (const userId of [ID.M, ID.A]) {
      expect(await list(userId, null)).toMatchObject({
        error: {
          code: '42501',
          message: 'Only administrators can list users with their email addresses',
        },
      });
    }
    expect(await list(null, null)).toMatchObject({ error: { code: '42501' } });
  });

  it('refuses a search longer than 100 characters', async () => {
    expect(await list(ID.admin, 'x'.repeat(101))).toMatchObject({ error: { code: '22023' } });
  });
});
