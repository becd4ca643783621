// A small, fully known world for the row-level security matrix: two affiliates (A and B), a
// merchant (M) with a competitor (M2) and a pending merchant (M3), and an admin, each owning one
// row of every table. The SQL is idempotent (ON CONFLICT DO NOTHING), so running it again restores
// rows that a test deleted.

export const PASSWORD = 'Matrix#Fixture26';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const ID = {
  admin: id(0x1),
  M: id(0x2),
  M2: id(0x3),
  A: id(0x4),
  B: id(0x5),
  M3: id(0x6),
  productPub: id(0x101),
  productDraft: id(0x102),
  productM2Pub: id(0x103),
  productM2Draft: id(0x104),
  claimApproved: id(0x111),
  claimPending: id(0x112),
  program: id(0x121),
  programM2: id(0x122),
  programOpen: id(0x123),
  programM2Draft: id(0x124),
  membershipA: id(0x131),
  membershipB: id(0x132),
  linkA: id(0x141),
  linkB: id(0x142),
  orderA: id(0x151),
  orderB: id(0x152),
  orderItemA: id(0x153),
  orderItemB: id(0x154),
  commissionA: id(0x161),
  commissionB: id(0x162),
  payoutA: id(0x171),
  payoutB: id(0x172),
  subscriptionA: id(0x181),
  subscriptionB: id(0x182),
  subscriptionM: id(0x183),
  subscriptionM2: id(0x184),
  linkPageB: id(0x191),
  linkPageM: id(0x192),
  linkPageItemB: id(0x193),
  storefrontA: id(0x1a1),
  storefrontB: id(0x1a2),
  storefrontItemA: id(0x1a3),
  coursePub: id(0x1b1),
  courseDraft: id(0x1b2),
  coursePub2: id(0x1b3),
  modulePub: id(0x1b4),
  moduleDraft: id(0x1b5),
  modulePub2: id(0x1b6),
  enrollmentA: id(0x1b7),
  certificateA: id(0x1b8),
  postA: id(0x1c1),
  postBHidden: id(0x1c2),
  commentA: id(0x1c3),
  reactionA: id(0x1c4),
  reportA: id(0x1c5),
  conversationMA: id(0x1d1),
  messageMA: id(0x1d2),
  contactMessage: id(0x1e1),
  clickA: 900001,
  clickB: 900002,
  auditRow: 900003,
  metricRow: 900004,
  stripeEvent: 'evt_fixture_1',
} as const;

export const EMAIL = {
  admin: 'admin@matrix.test',
  M: 'merchant@matrix.test',
  M2: 'merchant2@matrix.test',
  A: 'affiliate-a@matrix.test',
  B: 'affiliate-b@matrix.test',
  M3: 'merchant3@matrix.test',
} as const;

const q = (value: string) => `'${value.replaceAll("'", "''")}'`;

export function fixtureSql(): string {
  const I = ID;
  return `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', v.id::uuid, 'authenticated', 'authenticated', v.email,
       extensions.crypt(${q(PASSWORD)}, extensions.gen_salt('bf', 4)), now(),
       '{"provider":"email","providers":["email"]}', jsonb_build_object('name', v.name, 'role', v.role), now(), now()
from (values
  (${q(I.admin)}, ${q(EMAIL.admin)}, 'Matrix Admin', 'affiliate'),
  (${q(I.M)}, ${q(EMAIL.M)}, 'Matrix Merchant', 'merchant'),
  (${q(I.M2)}, ${q(EMAIL.M2)}, 'Other Merchant', 'merchant'),
  (${q(I.A)}, ${q(EMAIL.A)}, 'Affiliate A', 'affiliate'),
  (${q(I.B)}, ${q(EMAIL.B)}, 'Affiliate B', 'affiliate'),
  (${q(I.M3)}, ${q(EMAIL.M3)}, 'Pending Merchant', 'merchant')
) as v(id, email, name, role)
on conflict (id) do nothing;

update public.profiles set role = 'admin', has_completed_onboarding = true where id = ${q(I.admin)} and role <> 'admin';
update public.profiles set has_completed_onboarding = true
  where id in (${q(I.M)}, ${q(I.M2)}, ${q(I.A)}, ${q(I.B)}) and not has_completed_onboarding;

insert into public.merchant_profiles (id, company_name, website, onboarding_step, approval_status) values
  (${q(I.M)}, 'Matrix Goods', 'https://matrix-goods.example', 'complete', 'approved'),
  (${q(I.M2)}, 'Rival Goods', 'https://rival-goods.example', 'complete', 'approved'),
  (${q(I.M3)}, 'Pending Goods', null, 'company', 'pending')
on conflict (id) do nothing;

insert into public.products (id, merchant_id, name, slug, price_cents, status) values
  (${q(I.productPub)}, ${q(I.M)}, 'Public product', 'matrix-public', 2500, 'approved'),
  (${q(I.productDraft)}, ${q(I.M)}, 'Draft product', 'matrix-draft', 1500, 'draft'),
  (${q(I.productM2Pub)}, ${q(I.M2)}, 'Rival public product', 'rival-public', 3000, 'approved'),
  (${q(I.productM2Draft)}, ${q(I.M2)}, 'Rival draft product', 'rival-draft', 3500, 'draft')
on conflict (id) do nothing;

insert into public.sustainability_claims (id, merchant_id, claim, evidence_url, review_status) values
  (${q(I.claimApproved)}, ${q(I.M)}, 'Plastic-free packaging', '/evidence/approved.pdf', 'approved'),
  (${q(I.claimPending)}, ${q(I.M)}, 'Renewable electricity', '/evidence/pending.pdf', 'pending')
on conflict (id) do nothing;

-- M and M2 run two programs each: Merchant Growth (no program or product limit).
insert into public.subscriptions (id, user_id, tier, status, current_period_end, stripe_subscription_id) values
  (${q(I.subscriptionM)}, ${q(I.M)}, 'business', 'active', now() + interval '20 days', 'sub_matrix_m'),
  (${q(I.subscriptionM2)}, ${q(I.M2)}, 'business', 'active', now() + interval '20 days', 'sub_matrix_m2')
on conflict (id) do nothing;

insert into public.affiliate_programs (id, merchant_id, name, commission_type, commission_rate_bps, status) values
  (${q(I.program)}, ${q(I.M)}, 'Matrix program', 'percent', 1000, 'active'),
  (${q(I.programM2)}, ${q(I.M2)}, 'Rival program', 'percent', 900, 'active'),
  (${q(I.programOpen)}, ${q(I.M)}, 'Open program', 'percent', 500, 'active'),
  (${q(I.programM2Draft)}, ${q(I.M2)}, 'Rival draft program', 'percent', 700, 'draft')
on conflict (id) do nothing;

insert into public.program_memberships (id, program_id, affiliate_id, status) values
  (${q(I.membershipA)}, ${q(I.program)}, ${q(I.A)}, 'approved'),
  (${q(I.membershipB)}, ${q(I.programM2)}, ${q(I.B)}, 'approved')
on conflict (id) do nothing;

insert into public.affiliate_links (id, code, affiliate_id, program_id, product_id, destination_url) values
  (${q(I.linkA)}, 'matrix-a', ${q(I.A)}, ${q(I.program)}, ${q(I.productPub)}, '/shop/matrix-public'),
  (${q(I.linkB)}, 'matrix-b', ${q(I.B)}, ${q(I.programM2)}, ${q(I.productM2Pub)}, '/shop/rival-public')
on conflict (id) do nothing;

insert into public.link_clicks (id, link_id, clicked_at, visitor_hash, device) overriding system value values
  (${I.clickA}, ${q(I.linkA)}, now() - interval '1 hour', 'visitor-a-0000000001', 'mobile'),
  (${I.clickB}, ${q(I.linkB)}, now() - interval '1 hour', 'visitor-b-0000000001', 'desktop')
on conflict (id) do nothing;

insert into public.orders (id, buyer_id, merchant_id, status, total_cents, subtotal_cents, merchant_amount_cents,
                           affiliate_amount_cents, platform_fee_cents, payment_fee_cents, affiliate_link_id,
                           attributed_affiliate_id, paid_at) values
  (${q(I.orderA)}, ${q(I.A)}, ${q(I.M)}, 'paid', 2500, 2500, 1933, 250, 125, 192, ${q(I.linkA)}, ${q(I.A)}, now()),
  (${q(I.orderB)}, ${q(I.B)}, ${q(I.M2)}, 'paid', 3000, 3000, 2366, 270, 150, 214, ${q(I.linkB)}, ${q(I.B)}, now())
on conflict (id) do nothing;

insert into public.order_items (id, order_id, product_id, product_name, unit_price_cents, quantity, line_total_cents, currency) values
  (${q(I.orderItemA)}, ${q(I.orderA)}, ${q(I.productPub)}, 'Public product', 2500, 1, 2500, 'USD'),
  (${q(I.orderItemB)}, ${q(I.orderB)}, ${q(I.productM2Pub)}, 'Rival public product', 3000, 1, 3000, 'USD')
on conflict (id) do nothing;

insert into public.payouts (id, affiliate_id, amount_cents, status) values
  (${q(I.payoutA)}, ${q(I.A)}, 1000, 'pending'),
  (${q(I.payoutB)}, ${q(I.B)}, 1000, 'pending')
on conflict (id) do nothing;

insert into public.commissions (id, affiliate_id, merchant_id, program_id, order_id, link_id, amount_cents, status, available_at) values
  (${q(I.commissionA)}, ${q(I.A)}, ${q(I.M)}, ${q(I.program)}, ${q(I.orderA)}, ${q(I.linkA)}, 250, 'pending', now() + interval '30 days'),
  (${q(I.commissionB)}, ${q(I.B)}, ${q(I.M2)}, ${q(I.programM2)}, ${q(I.orderB)}, ${q(I.linkB)}, 270, 'pending', now() + interval '30 days')
on conflict (id) do nothing;

insert into public.stripe_events (id, type, payload) values
  (${q(I.stripeEvent)}, 'checkout.session.completed', '{"object":"event"}')
on conflict (id) do nothing;

insert into public.subscriptions (id, user_id, tier, status, current_period_end, stripe_subscription_id) values
  (${q(I.subscriptionA)}, ${q(I.A)}, 'pro', 'active', now() + interval '20 days', 'sub_matrix_a'),
  (${q(I.subscriptionB)}, ${q(I.B)}, 'starter', 'active', now() + interval '20 days', 'sub_matrix_b')
on conflict (id) do nothing;

insert into public.subscription_checkouts (user_id, session_id, tier, generation) values
  (${q(I.A)}, 'cs_test_matrix_a', 'pro', 1)
on conflict (user_id) do nothing;

insert into public.link_pages (id, owner_id, title, is_published) values
  (${q(I.linkPageB)}, ${q(I.B)}, 'B links', true),
  (${q(I.linkPageM)}, ${q(I.M)}, 'M links (draft)', false)
on conflict (id) do nothing;

insert into public.link_page_items (id, page_id, kind, label, url) values
  (${q(I.linkPageItemB)}, ${q(I.linkPageB)}, 'link', 'My blog', '/blog')
on conflict (id) do nothing;

insert into public.storefronts (id, owner_id, slug, title, is_published) values
  (${q(I.storefrontA)}, ${q(I.A)}, 'a-picks', 'A picks', true),
  (${q(I.storefrontB)}, ${q(I.B)}, 'b-picks', 'B picks (draft)', false)
on conflict (id) do nothing;

insert into public.storefront_items (id, storefront_id, product_id, affiliate_link_id) values
  (${q(I.storefrontItemA)}, ${q(I.storefrontA)}, ${q(I.productPub)}, ${q(I.linkA)})
on conflict (id) do nothing;

insert into public.courses (id, slug, title, is_published) values
  (${q(I.coursePub)}, 'matrix-course', 'Published course', true),
  (${q(I.courseDraft)}, 'matrix-draft-course', 'Draft course', false),
  (${q(I.coursePub2)}, 'matrix-course-two', 'Second published course', true)
on conflict (id) do nothing;

insert into public.course_modules (id, course_id, position, title) values
  (${q(I.modulePub)}, ${q(I.coursePub)}, 1, 'Published module'),
  (${q(I.modulePub2)}, ${q(I.coursePub)}, 2, 'Second published module'),
  (${q(I.moduleDraft)}, ${q(I.courseDraft)}, 1, 'Draft module')
on conflict (id) do nothing;

insert into public.enrollments (id, course_id, user_id) values
  (${q(I.enrollmentA)}, ${q(I.coursePub)}, ${q(I.A)})
on conflict (id) do nothing;

insert into public.module_progress (user_id, module_id) values (${q(I.A)}, ${q(I.modulePub)})
on conflict do nothing;

insert into public.certificates (id, user_id, course_id, code) values
  (${q(I.certificateA)}, ${q(I.A)}, ${q(I.coursePub)}, 'MTRX-0000-000A')
on conflict (id) do nothing;

insert into public.posts (id, author_id, title, body, status) values
  (${q(I.postA)}, ${q(I.A)}, 'Post by A', 'Hello community', 'published'),
  (${q(I.postBHidden)}, ${q(I.B)}, 'Hidden post by B', 'Moderated', 'hidden')
on conflict (id) do nothing;

insert into public.comments (id, post_id, author_id, body) values
  (${q(I.commentA)}, ${q(I.postA)}, ${q(I.A)}, 'A replies')
on conflict (id) do nothing;

insert into public.reactions (id, user_id, post_id, kind) values
  (${q(I.reactionA)}, ${q(I.A)}, ${q(I.postA)}, 'like')
on conflict (id) do nothing;

-- A reports B's (since hidden) post: nobody reports their own content.
insert into public.reports (id, reporter_id, post_id, reason) values
  (${q(I.reportA)}, ${q(I.A)}, ${q(I.postBHidden)}, 'spam')
on conflict (id) do nothing;

insert into public.conversations (id, merchant_id, affiliate_id, subject) values
  (${q(I.conversationMA)}, ${q(I.M)}, ${q(I.A)}, 'Hello')
on conflict (id) do nothing;

insert into public.messages (id, conversation_id, sender_id, body) values
  (${q(I.messageMA)}, ${q(I.conversationMA)}, ${q(I.M)}, 'Welcome aboard')
on conflict (id) do nothing;

insert into public.role_change_audit (id, actor_id, target_id, old_role, new_role) overriding system value values
  (${I.auditRow}, ${q(I.admin)}, ${q(I.M3)}, 'affiliate', 'merchant')
on conflict (id) do nothing;

insert into public.engagement_metrics (id, metric_type, metric_value, metadata, user_id) overriding system value values
  (${I.metricRow}, 'page_load_time', 812, '{"url":"/"}', ${q(I.A)})
on conflict (id) do nothing;

insert into public.contact_messages (id, source, name, email, message) values
  (${q(I.contactMessage)}, 'investors', 'Visitor', 'visitor@matrix.test', 'Please send the deck')
on conflict (id) do nothing;
`;
}
