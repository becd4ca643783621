// The row-level security matrix as data: for each table (and, where visibility differs, each kind
// of row) which actors may select, insert, update and delete. Two runners read this table: one
// directly in SQL (`set local role` + `request.jwt.claims`), one through PostgREST with supabase-js.
import { ID } from './fixture.ts';

export const ACTORS = ['anon', 'A', 'B', 'M', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type Operation = 'select' | 'insert' | 'update' | 'delete';
export type Row = Record<string, unknown>;

/** The user id each signed-in actor has (anon has none). */
export const ACTOR_ID: Record<Exclude<Actor, 'anon'>, string> = {
  A: ID.A,
  B: ID.B,
  M: ID.M,
  admin: ID.admin,
};

export interface Scenario {
  /** Table in `public`. */
  table: string;
  /** What the target row is. */
  row: string;
  /** Columns identifying the target row. */
  key: Row;
  /** Actors who see the target row. */
  select: Actor[];
  /** A row the actor tries to insert (`self` is the actor's user id, A's id for anon), and who may. */
  insert?: {
    row: (self: string, tag: string) => Row;
    allowed: Actor[];
    cleanup?: (row: Row) => Row;
  };
  /** A harmless change to the target row, and who may make it. */
  update?: { set: Row; allowed: Actor[] };
  /** Who may delete the target row; `fresh` creates a separate row to delete (superuser SQL returning the key). */
  delete?: { allowed: Actor[]; fresh?: string };
}

const all: Actor[] = ['anon', 'A', 'B', 'M', 'admin'];
const signedIn: Actor[] = ['A', 'B', 'M', 'admin'];
const nobody: Actor[] = [];

const freshUser = (role: string) => `
  with u as (
    insert into auth.users (id, email, raw_user_meta_data)
    values (gen_random_uuid(), 'fresh-' || gen_random_uuid() || '@matrix.test', '{"role": "${role}"}')
    returning id
  )`;

export const SCENARIOS: Scenario[] = [
  {
    table: 'profiles',
    row: "A's profile (A is in M's program and talks to M)",
    key: { id: ID.A },
    // Private fields: partners read the public face through public_profiles instead.
    select: ['A', 'admin'],
    insert: {
      row: (self, tag) => ({ id: self, name: 'Copy', username: `copy-${tag}` }),
      allowed: nobody,
    },
    update: { set: { bio: 'Updated bio' }, allowed: ['A', 'admin'] },
    delete: { allowed: nobody },
  },
  {
    table: 'profiles',
    row: "M's profile (M runs A's program and talks to A)",
    key: { id: ID.M },
    select: ['M', 'admin'],
    update: { set: { bio: 'Updated bio' }, allowed: ['M', 'admin'] },
  },
  {
    table: 'public_profiles',
    row: "A's public face (name, username, image, bio)",
    key: { id: ID.A },
    select: all,
  },
  {
    table: 'public_profiles',
    row: "the admin's public face (its role is not shown)",
    key: { id: ID.admin },
    select: all,
  },
  {
    table: 'profiles',
    row: "B's profile (B is only in the rival merchant's program)",
    key: { id: ID.B },
    select: ['B', 'admin'],
    update: { set: { bio: 'Updated bio' }, allowed: ['B', 'admin'] },
    delete: { allowed: nobody },
  },
  {
    table: 'role_change_audit',
    row: 'an audit row',
    key: { id: ID.auditRow },
    select: ['admin'],
    insert: {
      row: (self) => ({
        actor_id: self,
        target_id: self,
        old_role: 'affiliate',
        new_role: 'admin',
      }),
      allowed: nobody,
    },
    update: { set: { new_role: 'demo' }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'merchant_profiles',
    row: "M's approved company",
    key: { id: ID.M },
    select: all,
    insert: { row: (self) => ({ id: self, company_name: 'Another company' }), allowed: nobody },
    update: { set: { description: 'We make things' }, allowed: ['M', 'admin'] },
    delete: {
      allowed: ['admin'],
      fresh: `${freshUser('merchant')}
        insert into public.merchant_profiles (id, company_name, approval_status) select id, 'Fresh Co', 'approved' from u
        returning id`,
    },
  },
  {
    table: 'merchant_profiles',
    row: 'a pending merchant (M3)',
    key: { id: ID.M3 },
    select: ['admin'],
    update: { set: { description: 'Reviewed' }, allowed: ['admin'] },
  },
  {
    table: 'sustainability_claims',
    row: "M's approved claim",
    key: { id: ID.claimApproved },
    select: all,
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        merchant_id: self,
        claim: 'Recycled paper',
        evidence_url: '/e.pdf',
      }),
      allowed: ['M'],
    },
    update: { set: { scope: 'All products' }, allowed: ['M', 'admin'] },
    delete: { allowed: ['M', 'admin'] },
  },
  {
    table: 'sustainability_claims',
    row: "M's claim awaiting review",
    key: { id: ID.claimPending },
    select: ['M', 'admin'],
  },
  {
    table: 'products',
    row: "M's approved product",
    key: { id: ID.productPub },
    select: all,
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        merchant_id: self,
        name: 'New',
        slug: `new-${tag}`,
        price_cents: 999,
      }),
      allowed: ['M'],
    },
    update: { set: { description: 'Now with more detail' }, allowed: ['M', 'admin'] },
    delete: {
      allowed: ['M', 'admin'],
      fresh: `insert into public.products (merchant_id, name, slug, price_cents, status)
        values ('${ID.M}', 'Fresh', 'fresh-' || substr(md5(random()::text), 1, 10), 100, 'approved') returning id`,
    },
  },
  {
    table: 'products',
    row: "M's draft product",
    key: { id: ID.productDraft },
    select: ['M', 'admin'],
    update: { set: { description: 'Draft text' }, allowed: ['M', 'admin'] },
  },
  {
    table: 'products',
    row: "the rival merchant's draft product",
    key: { id: ID.productM2Draft },
    select: ['admin'],
    update: { set: { description: 'Rival text' }, allowed: ['admin'] },
    delete: {
      allowed: ['admin'],
      fresh: `insert into public.products (merchant_id, name, slug, price_cents, status)
        values ('${ID.M2}', 'Fresh', 'fresh-' || substr(md5(random()::text), 1, 10), 100, 'draft') returning id`,
    },
  },
  {
    table: 'affiliate_programs',
    row: "M's active program",
    key: { id: ID.program },
    select: signedIn,
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        merchant_id: self,
        name: 'New program',
        commission_type: 'flat',
        commission_flat_cents: 300,
      }),
      allowed: ['M'],
    },
    update: { set: { description: 'Better terms' }, allowed: ['M', 'admin'] },
    delete: {
      allowed: ['M', 'admin'],
      fresh: `insert into public.affiliate_programs (merchant_id, name, commission_type, commission_rate_bps)
        values ('${ID.M}', 'Fresh program', 'percent', 100) returning id`,
    },
  },
  {
    table: 'affiliate_programs',
    row: "the rival merchant's draft program",
    key: { id: ID.programM2Draft },
    select: ['admin'],
    update: { set: { description: 'Rival terms' }, allowed: ['admin'] },
  },
  {
    table: 'program_memberships',
    row: "A's approved membership in M's program",
    key: { id: ID.membershipA },
    select: ['A', 'M', 'admin'],
    insert: {
      row: (self, tag) => ({ id: uuidFor(tag), program_id: ID.programOpen, affiliate_id: self }),
      allowed: ['A', 'B'],
    },
    update: { set: { application_note: 'Noted' }, allowed: ['M', 'admin'] },
    delete: {
      allowed: ['A', 'admin'],
      fresh: `insert into public.program_memberships (program_id, affiliate_id, status)
        values ('${ID.programOpen}', '${ID.A}', 'approved') returning id`,
    },
  },
  {
    table: 'program_memberships',
    row: "B's membership in the rival program",
    key: { id: ID.membershipB },
    select: ['B', 'admin'],
  },
  {
    table: 'affiliate_links',
    row: "A's link in M's program",
    key: { id: ID.linkA },
    select: ['A', 'M', 'admin'],
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        code: `code-${tag}`,
        affiliate_id: self,
        program_id: ID.program,
        destination_url: '/shop',
      }),
      allowed: ['A'],
    },
    update: { set: { title: 'Renamed link' }, allowed: ['A', 'admin'] },
    delete: {
      allowed: ['A', 'admin'],
      fresh: `insert into public.affiliate_links (code, affiliate_id, program_id, destination_url)
        values ('fresh-' || substr(md5(random()::text), 1, 10), '${ID.A}', '${ID.program}', '/shop') returning id`,
    },
  },
  {
    table: 'affiliate_links',
    row: "B's link in the rival program",
    key: { id: ID.linkB },
    select: ['B', 'admin'],
  },
  {
    table: 'link_clicks',
    row: "a click on A's link",
    key: { id: ID.clickA },
    select: ['A', 'M', 'admin'],
    insert: {
      row: () => ({ link_id: ID.linkA, visitor_hash: 'forged-visitor-0001' }),
      allowed: nobody,
    },
    update: { set: { referrer: 'https://example.com/' }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'link_clicks',
    row: "a click on B's link",
    key: { id: ID.clickB },
    select: ['B', 'admin'],
  },
  {
    table: 'link_click_daily',
    row: "the daily roll-up of A's link",
    key: { link_id: ID.linkA },
    select: ['A', 'M', 'admin'],
    insert: {
      row: (_self, tag) => ({ link_id: ID.linkA, day: dayFor(tag), clicks: 1000 }),
      allowed: nobody,
    },
    update: { set: { clicks: 1000 }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'commission_daily',
    row: 'the daily commission roll-up of A',
    key: { affiliate_id: ID.A },
    select: ['A', 'admin'],
    insert: {
      row: (_self, tag) => ({
        affiliate_id: ID.A,
        day: dayFor(tag),
        link_key: ID.linkA,
        currency: 'USD',
        status: 'pending',
        sales: 1000,
      }),
      allowed: nobody,
    },
    update: { set: { amount_cents: 100000 }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'commission_balances',
    row: 'the commission balances of A',
    key: { affiliate_id: ID.A },
    select: ['A', 'admin'],
    insert: {
      row: () => ({ affiliate_id: ID.A, currency: 'EUR', status: 'paid', amount_cents: 100000 }),
      allowed: nobody,
    },
    update: { set: { amount_cents: 100000 }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'orders',
    row: "A's order from M",
    key: { id: ID.orderA },
    select: ['A', 'M', 'admin'],
    insert: {
      row: (self, tag) => ({ id: uuidFor(tag), buyer_id: self, merchant_id: ID.M }),
      allowed: nobody,
    },
    update: { set: { buyer_email: 'x@matrix.test' }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'orders',
    row: "B's order from the rival merchant",
    key: { id: ID.orderB },
    select: ['B', 'admin'],
  },
  {
    table: 'order_items',
    row: "an item of A's order",
    key: { id: ID.orderItemA },
    select: ['A', 'M', 'admin'],
    insert: {
      row: (_self, tag) => ({
        id: uuidFor(tag),
        order_id: ID.orderA,
        product_name: 'Extra',
        unit_price_cents: 1,
        quantity: 1,
        line_total_cents: 1,
        currency: 'USD',
      }),
      allowed: nobody,
    },
    update: { set: { quantity: 2, line_total_cents: 5000 }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'order_items',
    row: "an item of B's order",
    key: { id: ID.orderItemB },
    select: ['B', 'admin'],
  },
  {
    table: 'commissions',
    row: "A's pending commission",
    key: { id: ID.commissionA },
    select: ['A', 'M', 'admin'],
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        affiliate_id: self,
        merchant_id: ID.M,
        program_id: ID.program,
        order_id: ID.orderB,
        amount_cents: 100000,
        available_at: new Date().toISOString(),
      }),
      allowed: nobody,
    },
    update: { set: { status: 'approved' }, allowed: ['admin'] },
    delete: { allowed: nobody },
  },
  {
    table: 'commissions',
    row: "B's commission from the rival merchant",
    key: { id: ID.commissionB },
    select: ['B', 'admin'],
  },
  {
    table: 'payouts',
    row: "A's payout",
    key: { id: ID.payoutA },
    select: ['A', 'admin'],
    insert: {
      row: (self, tag) => ({ id: uuidFor(tag), affiliate_id: self, amount_cents: 100000 }),
      allowed: nobody,
    },
    update: { set: { status: 'processing' }, allowed: ['admin'] },
    delete: { allowed: nobody },
  },
  {
    table: 'stripe_events',
    row: 'a webhook event',
    key: { id: ID.stripeEvent },
    select: ['admin'],
    insert: {
      row: (_self, tag) => ({
        id: `evt_forged_${tag.replaceAll('-', '_')}`,
        type: 'x',
        payload: {},
      }),
      allowed: nobody,
    },
    update: { set: { processing_error: 'tampered' }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'subscriptions',
    row: "A's subscription",
    key: { id: ID.subscriptionA },
    select: ['A', 'admin'],
    insert: {
      row: (self, tag) => ({ id: uuidFor(tag), user_id: self, tier: 'business', status: 'active' }),
      allowed: nobody,
    },
    update: { set: { tier: 'business' }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'subscription_checkouts',
    row: "A's open plan checkout",
    key: { user_id: ID.A },
    select: ['A', 'admin'],
    insert: {
      row: (self) => ({ user_id: self, session_id: 'cs_test_forged', tier: 'pro', generation: 0 }),
      allowed: nobody,
    },
    update: { set: { session_id: 'cs_test_tampered' }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'link_pages',
    row: "B's published link page",
    key: { id: ID.linkPageB },
    select: all,
    // One page per user: B and M already have theirs, so a second one is refused (23505).
    insert: {
      row: (self, tag) => ({ id: uuidFor(tag), owner_id: self, title: 'My page' }),
      allowed: ['A', 'admin'],
    },
    update: { set: { title: 'New title' }, allowed: ['B', 'admin'] },
    delete: { allowed: ['B', 'admin'] },
  },
  {
    table: 'link_pages',
    row: "M's unpublished link page",
    key: { id: ID.linkPageM },
    select: ['M', 'admin'],
    update: { set: { title: 'Draft title' }, allowed: ['M', 'admin'] },
  },
  {
    table: 'link_page_items',
    row: "an item on B's published page",
    key: { id: ID.linkPageItemB },
    select: all,
    insert: {
      row: (_self, tag) => ({
        id: uuidFor(tag),
        page_id: ID.linkPageB,
        kind: 'link',
        label: 'Shop',
        url: '/shop',
      }),
      allowed: ['B'],
    },
    update: { set: { label: 'Blog' }, allowed: ['B', 'admin'] },
    delete: { allowed: ['B', 'admin'] },
  },
  {
    table: 'storefronts',
    row: "A's published storefront",
    key: { id: ID.storefrontA },
    select: all,
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        owner_id: self,
        slug: `shop-${tag}`,
        title: 'Shop',
      }),
      // B already owns a storefront and is on the free affiliate plan (one storefront).
      allowed: ['A', 'M', 'admin'],
    },
    update: { set: { title: 'Favourites' }, allowed: ['A', 'admin'] },
    delete: { allowed: ['A', 'admin'] },
  },
  {
    table: 'storefronts',
    row: "B's unpublished storefront",
    key: { id: ID.storefrontB },
    select: ['B', 'admin'],
    update: { set: { title: 'Later' }, allowed: ['B', 'admin'] },
  },
  {
    table: 'storefront_items',
    row: "an item in A's storefront",
    key: { id: ID.storefrontItemA },
    select: all,
    insert: {
      row: (_self, tag) => ({
        id: uuidFor(tag),
        storefront_id: ID.storefrontA,
        product_id: ID.productM2Pub,
      }),
      allowed: ['A'],
    },
    update: { set: { note: 'Love it' }, allowed: ['A', 'admin'] },
    delete: { allowed: ['A', 'admin'] },
  },
  {
    table: 'courses',
    row: 'a published course',
    key: { id: ID.coursePub },
    select: all,
    insert: {
      row: (_self, tag) => ({ id: uuidFor(tag), slug: `course-${tag}`, title: 'New course' }),
      allowed: ['admin'],
    },
    update: { set: { summary: 'Short summary' }, allowed: ['admin'] },
    delete: {
      allowed: ['admin'],
      fresh: `insert into public.courses (slug, title, is_published)
        values ('fresh-' || substr(md5(random()::text), 1, 10), 'Fresh', true) returning id`,
    },
  },
  {
    table: 'courses',
    row: 'a draft course',
    key: { id: ID.courseDraft },
    select: ['admin'],
  },
  {
    table: 'course_modules',
    row: 'a module of a published course',
    key: { id: ID.modulePub },
    select: all,
    insert: {
      row: (_self, tag) => ({
        id: uuidFor(tag),
        course_id: ID.coursePub2,
        position: positionFor(tag),
        title: 'New',
      }),
      allowed: ['admin'],
    },
    update: { set: { title: 'Renamed module' }, allowed: ['admin'] },
    delete: { allowed: ['admin'] },
  },
  {
    table: 'course_modules',
    row: 'a module of a draft course',
    key: { id: ID.moduleDraft },
    select: ['admin'],
  },
  {
    table: 'enrollments',
    row: "A's enrollment",
    key: { id: ID.enrollmentA },
    select: ['A', 'admin'],
    insert: {
      row: (self, tag) => ({ id: uuidFor(tag), course_id: ID.coursePub2, user_id: self }),
      allowed: signedIn,
    },
    update: { set: { completed_at: new Date().toISOString() }, allowed: nobody },
    delete: { allowed: ['A', 'admin'] },
  },
  {
    table: 'module_progress',
    row: "A's completed module",
    key: { user_id: ID.A, module_id: ID.modulePub },
    select: ['A', 'admin'],
    insert: {
      row: (self) => ({ user_id: self, module_id: ID.modulePub2 }),
      allowed: ['A'],
      cleanup: (row) => ({ user_id: row.user_id, module_id: row.module_id }),
    },
    update: { set: { completed_at: new Date().toISOString() }, allowed: nobody },
    delete: { allowed: ['A'] },
  },
  {
    table: 'certificates',
    row: "A's certificate",
    key: { id: ID.certificateA },
    select: ['A', 'admin'],
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        user_id: self,
        course_id: ID.coursePub2,
        code: `FAKE-${tag.slice(0, 4).toUpperCase()}-0000`,
      }),
      allowed: nobody,
    },
    update: { set: { code: 'EDIT-0000-0000' }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'posts',
    row: "A's published post",
    key: { id: ID.postA },
    select: all,
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        author_id: self,
        title: 'Hello',
        body: 'First post',
      }),
      allowed: signedIn,
    },
    update: { set: { body: 'Edited' }, allowed: ['A', 'admin'] },
    delete: { allowed: ['A', 'admin'] },
  },
  {
    table: 'posts',
    row: "B's hidden post",
    key: { id: ID.postBHidden },
    select: ['B', 'admin'],
    update: { set: { body: 'Edited' }, allowed: ['B', 'admin'] },
  },
  {
    table: 'comments',
    row: "A's comment",
    key: { id: ID.commentA },
    select: all,
    insert: {
      row: (self, tag) => ({ id: uuidFor(tag), post_id: ID.postA, author_id: self, body: 'Nice' }),
      allowed: signedIn,
    },
    update: { set: { body: 'Edited' }, allowed: ['A', 'admin'] },
    delete: { allowed: ['A', 'admin'] },
  },
  {
    table: 'reactions',
    row: "A's reaction",
    key: { id: ID.reactionA },
    select: all,
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        user_id: self,
        post_id: ID.postA,
        kind: 'celebrate',
      }),
      allowed: signedIn,
    },
    update: { set: { kind: 'support' }, allowed: nobody },
    delete: { allowed: ['A', 'admin'] },
  },
  {
    table: 'reports',
    row: "A's report",
    key: { id: ID.reportA },
    select: ['A', 'admin'],
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        reporter_id: self,
        post_id: ID.postA,
        reason: 'spam',
      }),
      // A wrote the post: nobody reports their own content.
      allowed: ['B', 'M', 'admin'],
    },
    update: { set: { status: 'dismissed' }, allowed: ['admin'] },
    delete: { allowed: ['admin'] },
  },
  {
    table: 'conversations',
    row: 'the conversation of M and A',
    key: { id: ID.conversationMA },
    select: ['A', 'M'],
    insert: {
      // Only B has a membership in one of M2's programs.
      row: (self, tag) => ({ id: uuidFor(tag), merchant_id: ID.M2, affiliate_id: self }),
      allowed: ['B'],
    },
    update: { set: { subject: 'Changed' }, allowed: nobody },
    delete: { allowed: ['A', 'M'] },
  },
  {
    table: 'conversations',
    row: 'a merchant opening a conversation with an affiliate outside its programs',
    key: { id: ID.conversationMA },
    select: ['A', 'M'],
    insert: {
      // B has no membership in any of M's programs, so nobody (M included) may open this one.
      row: (self, tag) => ({ id: uuidFor(tag), merchant_id: self, affiliate_id: ID.B }),
      allowed: nobody,
    },
  },
  {
    table: 'messages',
    row: "M's message to A",
    key: { id: ID.messageMA },
    select: ['A', 'M'],
    insert: {
      row: (self, tag) => ({
        id: uuidFor(tag),
        conversation_id: ID.conversationMA,
        sender_id: self,
        body: 'Hi',
      }),
      allowed: ['A', 'M'],
    },
    update: { set: { read_at: new Date().toISOString() }, allowed: ['A'] },
    delete: { allowed: ['M'] },
  },
  {
    table: 'engagement_metrics',
    row: 'a page-load metric',
    key: { id: ID.metricRow },
    select: ['admin'],
    insert: { row: () => ({ metric_type: 'error', metric_value: 1 }), allowed: nobody },
    update: { set: { metric_value: 0 }, allowed: nobody },
    delete: { allowed: nobody },
  },
  {
    table: 'contact_messages',
    row: 'a message sent through the investors page',
    key: { id: ID.contactMessage },
    select: ['admin'],
    insert: {
      row: (_self, tag) => ({
        source: 'contact',
        name: 'Matrix sender',
        email: `sender-${tag}@matrix.test`,
        message: 'Hello',
      }),
      allowed: all,
      cleanup: (row) => ({ email: row.email }),
    },
    update: { set: { message: 'Changed' }, allowed: nobody },
    delete: {
      allowed: ['admin'],
      fresh: `insert into public.contact_messages (name, email, message)
        values ('Fresh', 'fresh@matrix.test', 'Delete me') returning id`,
    },
  },
];

/** A uuid unique to one test case (tags are short unique strings). */
export function uuidFor(tag: string): string {
  const hex = [...tag]
    .map((c) => c.charCodeAt(0).toString(16).padStart(2, '0'))
    .join('')
    .slice(-12)
    .padStart(12, '0');
  return `10000000-0000-4000-8000-${hex}`;
}

function dayFor(tag: string): string {
  const n = [...tag].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  return new Date(Date.UTC(2000, 0, 1 + n)).toISOString().slice(0, 10);
}

function positionFor(tag: string): number {
  return 100 + ([...tag].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 0) % 100000);
}

/** Each case gets a distinct short tag (used in unique columns). */
export function caseTag(scenarioIndex: number, actor: Actor): string {
  return `${scenarioIndex.toString(36)}${ACTORS.indexOf(actor)}`;
}

export function expected(list: Actor[]): Actor[] {
  return ACTORS.filter((actor) => list.includes(actor));
}
