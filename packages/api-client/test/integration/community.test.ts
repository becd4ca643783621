import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/index.ts';
import { must, unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let admin: Actor;
let merchant: Actor;
let affiliateA: Actor;
let affiliateB: Actor;
let demo: Actor;

beforeAll(async () => {
  [admin, merchant, affiliateA, affiliateB, demo] = await Promise.all([
    w.actor('admin'),
    w.approvedMerchant('Fern Market'),
    w.actor('affiliate', 'Affiliate A'),
    w.actor('affiliate', 'Affiliate B'),
    w.actor('demo'),
  ]);
});

describe('courses and progress', () => {
  let courseId: string;
  let moduleIds: string[];
  let slug: string;

  beforeAll(async () => {
    slug = `green-basics-${unique()}`;
    const course = await must(
      w.service
        .from('courses')
        .insert({ slug, title: 'Green basics', is_published: true })
        .select('id')
        .single(),
    );
    courseId = course.id;
    const modules = await must(
      w.service
        .from('course_modules')
        .insert([
          { course_id: courseId, position: 1, title: 'Why claims need evidence' },
          { course_id: courseId, position: 2, title: 'Measuring CO2e' },
        ])
        .select('id, position')
        .order('position'),
    );
    moduleIds = modules.map((m) => m.id);
  });

  it('anyone reads a published course with its modules in order', async () => {
    const course = await w.anon.courses.getBySlug(slug);
    expect(course.course_modules.map((m) => m.position)).toEqual([1, 2]);
    await expect(w.anon.courses.list()).resolves.toHaveLength(1);
  });

  it('a learner enrolls, completes modules and earns a certificate anyone can verify', async () => {
    await affiliateA.api.courses.enroll(courseId);
    await affiliateA.api.courses.completeModule(moduleIds[0]!);
    await affiliateA.api.courses.completeModule(moduleIds[0]!);
    await expect(affiliateA.api.courses.issueCertificate(courseId)).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'Complete every module first (1 left)',
    });
    await affiliateA.api.courses.completeModule(moduleIds[1]!);
    // Reading certificates issues none.
    expect(await affiliateA.api.courses.listMyCertificates()).toEqual([]);
    const progress = await affiliateA.api.courses.progress(courseId);
    expect(progress.totalModules).toBe(2);
    expect([...progress.completedModuleIds].sort()).toEqual([...moduleIds].sort());
    const certificate = await affiliateA.api.courses.issueCertificate(courseId);
    expect(certificate.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await affiliateA.api.courses.listMyCertificates()).toEqual([certificate]);
    // Nobody else's.
    expect(await affiliateB.api.courses.listMyCertificates()).toEqual([]);
    await expect(
      w.anon.courses.verifyCertificate(certificate.code.toLowerCase()),
    ).resolves.toMatchObject({
      holder_name: 'Affiliate A',
      course_title: 'Green basics',
      course_slug: expect.any(String),
    });
    await expect(w.anon.courses.verifyCertificate('AAAA-BBBB-CCCC')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it("another learner's progress stays separate, and progress needs an enrollment", async () => {
    await expect(affiliateB.api.courses.progress(courseId)).resolves.toEqual({
      enrollment: null,
      completedModuleIds: [],
      totalModules: 2,
    });
    await expect(affiliateB.api.courses.completeModule(moduleIds[0]!)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(affiliateB.api.courses.leave(courseId)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('community', () => {
  let post: Post;

  it('a member posts; visitors read it; demo visitors cannot post', async () => {
    post = await affiliateA.api.community.createPost({
      title: 'Refill stations near you',
      body: '<p>Share your <strong>favourite</strong> ones</p><script>alert(1)</script>',
      category: 'sustainability',
    });
    expect(post.body).toBe('<p>Share your <strong>favourite</strong> ones</p>');
    const feed = await w.anon.community.listPosts({ category: 'sustainability' });
    expect(feed.rows.map((p) => p.id)).toContain(post.id);
    await expect(
      demo.api.community.createPost({ title: 'Hello there', body: 'Hi' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('members comment, react and report; duplicates are conflicts', async () => {
    const comment = await affiliateB.api.community.comment(post.id, 'The market on Elm St has one');
    await affiliateB.api.community.react({ postId: post.id }, 'like');
    await expect(affiliateB.api.community.react({ postId: post.id }, 'like')).rejects.toMatchObject(
      { code: 'conflict' },
    );
    await merchant.api.community.react({ commentId: comment.id }, 'insightful');
    await merchant.api.community.report({ commentId: comment.id }, 'spam', 'Looks like an ad');
    // The reporter reads its own open report back; nobody else sees it as theirs.
    await expect(merchant.api.community.listMyOpenReports()).resolves.toContainEqual({
      commentId: comment.id,
    });
    await expect(affiliateB.api.community.listMyOpenReports()).resolves.not.toContainEqual({
      commentId: comment.id,
    });
    await expect(w.anon.community.listMyOpenReports()).rejects.toMatchObject({
      code: 'unauthorized',
    });
    const thread = await w.anon.community.getPost(post.id);
    expect(thread.comments.map((c) => c.id)).toEqual([comment.id]);
    const reports = await admin.api.admin.listOpenReports();
    expect(reports.rows.some((r) => r.comment_id === comment.id)).toBe(true);
    await expect(affiliateA.api.admin.listOpenReports()).resolves.toEqual({ rows: [], total: 0 });
    // One open report per member and comment; nobody reports their own.
    await expect(
      merchant.api.community.report({ commentId: comment.id }, 'other'),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      affiliateB.api.community.report({ commentId: comment.id }, 'spam'),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await affiliateA.api.community.report({ commentId: comment.id }, 'harassment');
    // Hidden by a moderator, the comment leaves no open report behind.
    await admin.api.admin.moderateComment(comment.id, 'hidden');
    const open = await admin.api.admin.listOpenReports({ pageSize: 100 });
    expect(open.rows.filter((r) => r.comment_id === comment.id)).toEqual([]);
    // A closed report is no longer the reporter's open one: the comment may be reported again.
    await expect(merchant.api.community.listMyOpenReports()).resolves.not.toContainEqual({
      commentId: comment.id,
    });
  });

  it('only moderators hide posts; an author cannot change the status', async () => {
    await expect(affiliateA.api.admin.moderatePost(post.id, 'hidden')).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only moderators can change this status',
    });
    await expect(
      affiliateB.api.community.updatePost(post.id, { title: 'Edited by B' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(admin.api.admin.moderatePost(post.id, 'hidden')).resolves.toMatchObject({
      status: 'hidden',
    });
    await expect(w.anon.community.getPost(post.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(affiliateA.api.community.getPost(post.id)).resolves.toMatchObject({
      status: 'hidden',
    });
  });

  it('administrators list hidden posts and comments, newest hidden first, and restore them', async () => {
    const hidden = await admin.api.admin.listHiddenContent();
    const ours = hidden.filter(
      (h) => h.id === post.id || (h.kind === 'comment' && h.post_id === post.id),
    );
    // The post was hidden after its comment.
    expect(ours.map((h) => h.kind)).toEqual(['post', 'comment']);
    expect(ours[0]).toMatchObject({
      kind: 'post',
      title: 'Refill stations near you',
      author: { name: expect.any(String), username: expect.any(String) },
    });
    expect(ours[1]).toMatchObject({
      kind: 'comment',
      body: 'The market on Elm St has one',
      post_title: 'Refill stations near you',
    });
    const times = hidden.map((h) => Date.parse(h.updated_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Anyone else sees only their own hidden content (row-level security), visitors none.
    const authorsOwn = await affiliateA.api.admin.listHiddenContent();
    expect(authorsOwn.map((h) => h.id)).toEqual([post.id]);
    const commentersOwn = await affiliateB.api.admin.listHiddenContent();
    expect(commentersOwn.map((h) => h.id)).toEqual([ours[1]!.id]);
    expect(await w.anon.admin.listHiddenContent()).toEqual([]);

    // Restored, the post is public again and leaves the list.
    await admin.api.admin.moderatePost(post.id, 'published');
    await expect(w.anon.community.getPost(post.id)).resolves.toMatchObject({ id: post.id });
    const after = await admin.api.admin.listHiddenContent();
    expect(after.some((h) => h.id === post.id)).toBe(false);
    expect(after.some((h) => h.id === ours[1]!.id)).toBe(true);
  });
});

describe('messages', () => {
  it('a merchant and an affiliate talk privately; nobody else reads or writes', async () => {
    // A conversation needs the affiliate to belong to (or have applied to) one of the merchant's
    // programs: before that, opening one is refused.
    await expect(
      merchant.api.messages.open({ counterpartId: affiliateA.id, subject: 'Uninvited' }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/row-level security/) });
    const program = await must(
      w.service
        .from('affiliate_programs')
        .insert({
          merchant_id: merchant.id,
          name: 'Fern Market partners',
          commission_type: 'percent',
          commission_rate_bps: 1000,
        })
        .select('id')
        .single(),
    );
    await must(
      w.service
        .from('program_memberships')
        .insert({ program_id: program.id, affiliate_id: affiliateA.id, status: 'pending' }),
    );
    const conversation = await merchant.api.messages.open({
      counterpartId: affiliateA.id,
      subject: 'Welcome',
    });
    expect(conversation).toMatchObject({ merchant_id: merchant.id, affiliate_id: affiliateA.id });
    await expect(
      affiliateA.api.messages.open({ counterpartId: merchant.id }),
    ).resolves.toMatchObject({ id: conversation.id });

    const hello = await merchant.api.messages.send(
      conversation.id,
      'Glad to have you in the program',
    );
    await affiliateA.api.messages.send(conversation.id, 'Thanks!');
    await expect(affiliateA.api.messages.listMessages(conversation.id)).resolves.toMatchObject({
      total: 2,
    });
    await expect(merchant.api.messages.markRead(hello.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(affiliateA.api.messages.markRead(hello.id)).resolves.toMatchObject({
      id: hello.id,
    });

    await expect(affiliateB.api.messages.listConversations()).resolves.toEqual({
      rows: [],
      total: 0,
    });
    await expect(affiliateB.api.messages.listMessages(conversation.id)).resolves.toEqual({
      rows: [],
      total: 0,
    });
    await expect(affiliateB.api.messages.send(conversation.id, 'Let me in')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(admin.api.messages.listMessages(conversation.id)).resolves.toEqual({
      rows: [],
      total: 0,
    });
  });

  it('two affiliates cannot open a conversation with each other', async () => {
    await expect(
      affiliateA.api.messages.open({ counterpartId: affiliateB.id }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('admin', () => {
  it('an admin lists every profile; others see only what policies allow', async () => {
    const everyone = await admin.api.admin.listProfiles({ pageSize: 100 });
    expect(everyone.total).toBeGreaterThanOrEqual(5);
    const merchants = await admin.api.admin.listProfiles({ role: 'merchant' });
    expect(merchants.rows.every((p) => p.role === 'merchant')).toBe(true);
    const seenByB = await affiliateB.api.admin.listProfiles();
    expect(seenByB.rows.map((p) => p.id)).toEqual([affiliateB.id]);
  });

  it('merchant approval and claim review are admin decisions', async () => {
    const pending = await w.actor('merchant', 'New Merchant');
    await must(
      w.service
        .from('merchant_profiles')
        .insert({ id: pending.id, company_name: 'New Co', website: 'https://new.example' }),
    );
    await expect(pending.api.admin.reviewMerchant(pending.id, 'approved')).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only administrators can approve merchants',
    });
    // Only a merchant who finished onboarding is approved.
    await expect(admin.api.admin.reviewMerchant(pending.id, 'approved')).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'Only merchants who finished onboarding can be approved',
    });
    await must(
      w.service
        .from('merchant_profiles')
        .update({ onboarding_step: 'complete' })
        .eq('id', pending.id),
    );
    await expect(admin.api.admin.reviewMerchant(pending.id, 'approved')).resolves.toMatchObject({
      approval_status: 'approved',
      approved_by: admin.id,
    });
    const claim = await must(
      w.service
        .from('sustainability_claims')
        .insert({
          merchant_id: pending.id,
          claim: 'Plastic-free shipping',
          evidence_url: 'https://new.example/evidence',
        })
        .select('id')
        .single(),
    );
    await expect(pending.api.admin.reviewClaim(claim.id, 'approved')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      admin.api.admin.reviewClaim(claim.id, 'approved', 'Certificate checked'),
    ).resolves.toMatchObject({
      review_status: 'approved',
      reviewed_by: admin.id,
    });
  });
});
