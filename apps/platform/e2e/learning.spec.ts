import {
  asService,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  stack,
  test,
  refuseWithCheck,
  closeWithEscape,
} from './support/fixtures.ts';
import { visit } from './spa.ts';

test('a learner completes a module and the progress is saved', async ({ page }) => {
  const { email, password } = await createAccount('learner', 'Moss+Creator26', {
    name: 'Ola Learner',
    role: 'affiliate',
  });
  await login(page, { email, password }, /\/dashboard$/);
  await visit(page, '/education');
  await page
    .getByRole('link', { name: 'Open Merchant Program Playbook' })
    .or(page.getByRole('link', { name: /^Open / }).last())
    .first()
    .click();
  await expect(page).toHaveURL(/\/education\/courses\//);
  const enrol = page.getByRole('button', { name: 'Enrol in this course' });
  if (await enrol.isVisible()) await enrol.click();
  await page.getByRole('link', { name: /^1\. / }).click();
  await expect(page.getByRole('article')).toBeVisible();
  // Module Markdown is rendered without raw HTML.
  expect(await page.getByRole('article').locator('script, iframe').count()).toBe(0);
  await page.getByRole('button', { name: /^Mark complete/ }).click();
  await expect(page.getByText('Module completed', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /^Previous: / }).click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  // The page stays mounted and scrolls to the top: the focus goes with it, to the module's heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await visit(page, '/education');
  await page.goBack();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
});

test('community posts are sanitised, commented on, reacted to and reported', async ({
  page,
  browser,
}) => {
  await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
  await visit(page, '/community');
  const newPost = page.getByRole('form', { name: 'New post' });
  const titleField = newPost.getByRole('textbox', { name: 'Title' });
  const bodyField = newPost.getByRole('textbox', { name: 'Post' });
  const postButton = newPost.getByRole('button', { name: 'Post', exact: true });
  // Checked in the browser first, spaces trimmed: each field says what to fix (no browser bubble),
  // and the focus is on the first of them.
  await titleField.fill('   ');
  await postButton.click();
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAccessibleDescription('Enter a title');
  await expect(bodyField).toHaveAccessibleDescription('Write your post');
  await titleField.fill('  ab  ');
  await bodyField.fill('Where do you refill detergent?');
  await postButton.click();
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAccessibleDescription('Write a title of at least 3 characters');
  await expect(bodyField).toHaveAccessibleDescription('');

  // The server's check of a field is told at that field too, which takes the focus.
  const title = `Refill stations near you ${Date.now()}`;
  await titleField.fill(title);
  await bodyField.fill(
    '<script>alert(1)</script>Where do you <b>refill</b> detergent? <img src=x onerror=alert(2)>',
  );
  await refuseWithCheck(page, 'posts', 'POST', 'posts_title_check');
  await postButton.click();
  await expect(titleField).toHaveAccessibleDescription('Title must be 3 to 200 characters long');
  await expect(titleField).toBeFocused();
  await expect(newPost.getByText('Not posted')).toHaveCount(0);
  await page.unroute('**/rest/v1/posts*');
  await postButton.click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The form is gone with the list: the focus is on the new thread's heading, not lost.
  await expect(page.getByRole('heading', { name: title })).toBeFocused();
  // What the sanitiser took out is not kept silently.
  await expect(
    page
      .getByText('Posts are plain text: markup such as <b> was removed from what you typed.')
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/Where do you/)).toBeVisible();
  expect(await page.locator('main script, main img[src="x"]').count()).toBe(0);

  await page.getByLabel('Your comment').fill('The bulk store on Main Street refills for free.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('The bulk store on Main Street refills for free.')).toBeVisible();
  // Posted, the focus is back in the emptied comment box; kept as typed, nothing more is said.
  await expect(page.getByLabel('Your comment')).toBeFocused();
  await expect(page.getByText('Comment posted')).toHaveCount(0);
  // A comment with markup is stored without it, and the writer is told.
  await page.getByLabel('Your comment').fill('Bring <b>two</b> jars.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Bring two jars.')).toBeVisible();
  await expect(
    page
      .getByText('Comments are plain text: markup such as <b> was removed from what you typed.')
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Like 0' }).click();
  await expect(page.getByRole('button', { name: 'Like 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Nobody reports their own post or comment.
  await expect(page.getByRole('button', { name: /^Report/ })).toHaveCount(0);
  await expectNoAxeViolations(page, '/community post');

  // Another member reports it once; a second report while the first is open is refused in words.
  const other = await browser.newContext({ baseURL: stack.webUrl });
  const merchantPage = await other.newPage();
  await login(merchantPage, demoAccount('merchant@verdant.test'), /\/dashboard-vendor$/);
  await merchantPage.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  // Reporting sits beside the reactions, not in their group.
  const reportPost = merchantPage.getByRole('button', { name: 'Report post' });
  await expect(reportPost).toBeVisible();
  await expect(
    merchantPage.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: /^Report/ }),
  ).toHaveCount(0);
  await reportPost.click();
  const dialog = merchantPage.getByRole('dialog');
  // No reason is chosen for the reporter: sending without one asks for it, at the field.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const reason = dialog.getByRole('combobox', { name: /^Reason/ });
  const details = dialog.getByRole('textbox', { name: 'Details (optional)' });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription('Choose a reason');
  await reason.selectOption({ label: 'Spam' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  // Sent, the focus is back on the button that opened the dialog, which now says the post is
  // reported and opens nothing (community.spec.ts covers a report made before the page opened).
  const reportedPost = merchantPage.getByRole('button', { name: 'Reported post' });
  await expect(reportedPost).toBeFocused();
  await expect(reportedPost).toHaveAttribute('aria-disabled', 'true');
  await reportedPost.press('Enter');
  await expect(dialog).toBeHidden();
  // A comment's report: named after its author, and nothing of the last report is left in it.
  // (The first of the two comments.)
  const reportComment = merchantPage
    .getByRole('button', {
      name: `Report comment by ${demoAccount('affiliate@verdant.test').name}`,
    })
    .first();
  await reportComment.click();
  await expect(dialog).toHaveAccessibleName(
    `Report the comment by ${demoAccount('affiliate@verdant.test').name}`,
  );
  await expect(reason).toHaveValue('');
  await expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  await expect(details).toHaveValue('');
  await expect(dialog).not.toContainText('Not reported');
  // Dismissed with Escape, the focus is back on that comment's Report button.
  await closeWithEscape(merchantPage, dialog);
  await expect(reportComment).toBeFocused();
  await other.close();
});

test('community authors are named and manage their own posts and comments', async ({
  page,
  browser,
}) => {
  const jordan = demoAccount('affiliate@verdant.test');
  await login(page, jordan, /\/dashboard$/);
  await visit(page, '/community');

  // The seeded welcome thread: the admin's post, with comments by Jordan and by Maya. Jordan may
  // delete only their own comment, and neither edit nor delete the admin's post.
  const posts = page.getByRole('list', { name: 'Posts' });
  const welcomeItem = posts
    .getByRole('listitem')
    .filter({ hasText: 'Welcome to the Verdant community' });
  await expect(welcomeItem).toContainText(demoAccount('admin@verdant.test').name);
  await expectNoAxeViolations(page, '/community list with authors');
  await welcomeItem.getByRole('link', { name: 'Welcome to the Verdant community' }).click();
  const welcome = page.getByRole('article', { name: 'Welcome to the Verdant community' });
  // The link is gone with the list: the focus is on the thread's heading.
  await expect(
    welcome.getByRole('heading', { name: 'Welcome to the Verdant community' }),
  ).toBeFocused();
  await expect(welcome).toContainText(demoAccount('admin@verdant.test').name);
  await expect(welcome.getByRole('button', { name: 'Edit post' })).toHaveCount(0);
  await expect(welcome.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
  const welcomeComments = welcome.getByRole('list', { name: /^Comments/ }).getByRole('listitem');
  const byJordan = welcomeComments.filter({ hasText: 'Jordan here' });
  const byMaya = welcomeComments.filter({ hasText: 'happy to answer questions' });
  await expect(byJordan).toContainText(jordan.name);
  // Each comment's buttons name whose comment they act on, after their visible words.
  await expect(
    byJordan.getByRole('button', { name: `Delete comment by ${jordan.name}`, exact: true }),
  ).toBeVisible();
  const maya = demoAccount('merchant@verdant.test');
  await expect(byMaya).toContainText(maya.name);
  await expect(byMaya.getByRole('button', { name: /^Delete comment/ })).toHaveCount(0);
  await expect(
    byMaya.getByRole('button', { name: `Report comment by ${maya.name}`, exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back to the list' }).click();
  // The thread gives way to the list: the focus is back on the link the reader opened it from.
  await expect(
    page
      .getByRole('list', { name: 'Posts' })
      .getByRole('link', { name: 'Welcome to the Verdant community' }),
  ).toBeFocused();

  // Jordan's own thread, with a comment.
  const title = `Mending meetups ${Date.now()}`;
  const newPost = page.getByRole('form', { name: 'New post' });
  await newPost.getByRole('textbox', { name: 'Title' }).fill(title);
  await newPost.getByRole('textbox', { name: 'Post' }).fill('Who runs a repair café nearby?');
  await newPost.getByRole('button', { name: 'Post', exact: true }).press('Enter');
  const thread = page.getByRole('article', { name: title });
  await expect(thread).toContainText(jordan.name);
  await expect(page).toHaveURL(/[?&]post=/);
  await expect(page.getByText('Posted', { exact: true })).toBeVisible();
  await expect(thread.getByRole('heading', { name: title })).toBeFocused();
  await expectNoAxeViolations(page, '/community new thread, its heading focused');
  await page.getByLabel('Your comment').fill('The library hosts one every first Saturday.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = page
    .getByRole('list', { name: 'Comments (1)' })
    .getByRole('listitem')
    .filter({ hasText: 'The library hosts one every first Saturday.' });
  await expect(comment).toContainText(jordan.name);

  // An admin may edit and delete it too; another member may not.
  const adminContext = await browser.newContext({ baseURL: stack.webUrl });
  const adminPage = await adminContext.newPage();
  await login(adminPage, demoAccount('admin@verdant.test'), /\/admin$/);
  await adminPage.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  const seenByAdmin = adminPage.getByRole('article', { name: title });
  await expect(seenByAdmin.getByRole('button', { name: 'Edit post' })).toBeVisible();
  await expect(seenByAdmin.getByRole('button', { name: 'Delete post' })).toBeVisible();
  await expect(
    seenByAdmin.getByRole('button', { name: `Delete comment by ${jordan.name}`, exact: true }),
  ).toBeVisible();
  await adminContext.close();

  // Editing: the focus starts in the title; a title too short is told at the field.
  const edit = thread.getByRole('button', { name: 'Edit post' });
  await edit.click();
  const form = page.getByRole('form', { name: 'Edit post' });
  const titleField = form.getByRole('textbox', { name: 'Title' });
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveValue(title);
  await expect(form.getByRole('combobox', { name: 'Topic' })).toHaveValue('general');
  await expect(form.getByRole('textbox', { name: 'Post' })).toHaveValue(
    'Who runs a repair café nearby?',
  );
  await expectNoAxeViolations(page, '/community post, edit form open');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();

  await edit.click();
  await titleField.fill('ab');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(titleField).toHaveAccessibleDescription('Write a title of at least 3 characters');
  await expect(titleField).toBeFocused();
  const edited = `${title} (edited)`;
  await titleField.fill(edited);
  await form.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Sustainability' });
  await form.getByRole('button', { name: 'Save' }).click();
  const editedThread = page.getByRole('article', { name: edited });
  await expect(editedThread.getByRole('heading', { level: 2 })).toHaveText(edited);
  await expect(editedThread).toContainText('Sustainability');
  await expect(form).toHaveCount(0);
  await expect(editedThread.getByRole('button', { name: 'Edit post' })).toBeFocused();

  // A reaction by keyboard: the focus stays on the button while its state flips.
  const like = editedThread.getByRole('button', { name: /^Like \d+$/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.focus();
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like 1');
  await expect(like).toBeFocused();
  await page.keyboard.press('Space');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like 0');
  await expect(like).toBeFocused();

  // Deleting the comment asks first: cancelled, it stays; confirmed, it goes.
  const deleteComment = comment.getByRole('button', {
    name: `Delete comment by ${jordan.name}`,
    exact: true,
  });
  await deleteComment.click();
  const commentDialog = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await expect(commentDialog).toBeVisible();
  await expectNoAxeViolations(page, '/community post, delete comment dialog open');
  await commentDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(commentDialog).toBeHidden();
  await expect(deleteComment).toBeFocused();
  await deleteComment.click();
  await commentDialog.getByRole('button', { name: 'Delete comment' }).click();
  await expect(commentDialog).toBeHidden();
  await expect(page.getByText('Comment deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('The library hosts one every first Saturday.')).toHaveCount(0);
  await expect(editedThread.getByRole('heading', { name: 'Comments (0)' })).toBeFocused();

  // Deleting the post asks first; confirmed, the list comes back without it.
  await editedThread.getByRole('button', { name: 'Delete post' }).click();
  const postDialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await expect(postDialog).toContainText(edited);
  await expectNoAxeViolations(page, '/community post, delete post dialog open');
  await postDialog.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText('Post deleted', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]post=/);
  await expect(posts).toBeVisible();
  await expect(posts.getByRole('link', { name: 'Welcome to the Verdant community' })).toBeVisible();
  await expect(page.getByRole('link', { name: edited })).toHaveCount(0);
  await expect(page.getByRole('article', { name: edited })).toHaveCount(0);
  // The deleted post's buttons are gone: the focus is on the page's main region, not lost.
  await expect(page.getByRole('main')).toBeFocused();
});

test('a learner finishes a course by keyboard: the focus follows, the certificate is linked', async ({
  page,
}) => {
  const { email, password } = await createAccount('graduate', 'Moss+Creator26', {
    name: 'Gale Graduate',
    role: 'affiliate',
  });
  await login(page, { email, password }, /\/dashboard$/);
  await visit(page, '/education/courses/honest-sustainability-claims');
  // Enrolled by keyboard, the focus goes to "Continue with …", which took the button's place.
  await page.getByRole('button', { name: 'Enrol in this course' }).press('Enter');
  const continueLink = page.getByRole('link', { name: /^Continue with / });
  await expect(continueLink).toBeFocused();
  await continueLink.click();
  const titles = [
    'What counts as evidence',
    'Certifications compared',
    'Avoiding greenwashing',
    'How Verdant reviews claims',
  ];
  const article = page.getByRole('article');
  for (const [index, title] of titles.entries()) {
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Module links say where they lead, not a raw path.
    await expect(article.getByRole('link').first()).toBeVisible();
    await expect(article.getByRole('link', { name: /^\// })).toHaveCount(0);
    if (index === 0) {
      await expect(article.getByRole('link', { name: 'Merchant onboarding' })).toHaveAttribute(
        'href',
        '/vendor-onboarding',
      );
    }
    const next = titles[index + 1];
    if (!next) break;
    await page.getByRole('button', { name: 'Mark complete and continue' }).press('Enter');
    // The next module opens with the focus on its heading, not on the spot of the button pressed
    // (where a second Enter could hit "Mark as not done").
    const heading = page.getByRole('heading', { level: 1, name: next });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('button', { name: 'Mark as not done' })).toHaveCount(0);
    if (index === 0)
      await expectNoAxeViolations(page, 'module opened by Mark complete and continue');
  }
  await page.getByRole('button', { name: 'Mark complete', exact: true }).press('Enter');
  // The course is finished: the page says so, and its way to the certificate takes the focus.
  await expect(page.getByRole('heading', { level: 2, name: 'Course complete' })).toBeVisible();
  const toCertificate = page.getByRole('link', { name: 'Get your certificate' });
  await expect(toCertificate).toBeFocused();
  await expect(page.getByRole('button', { name: 'Mark as not done' })).toBeVisible();
  await expectNoAxeViolations(page, 'last module done: course complete');
  await toCertificate.press('Enter');
  await expect(page).toHaveURL(/\/education\/courses\/honest-sustainability-claims$/);

  // The certificate's link replaces the button pressed, and takes the focus.
  await page.getByRole('button', { name: 'Get your certificate' }).press('Enter');
  const viewCertificate = page.getByRole('link', { name: 'View your certificate' });
  await expect(viewCertificate).toBeFocused();
  await expectNoAxeViolations(page, 'course page, certificate issued');
  // Back on the course later, the certificate is there without asking again.
  await page.reload();
  await expect(viewCertificate).toHaveAttribute(
    'href',
    /^\/education\/certificates\/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/,
  );
  const certificatePath = await viewCertificate.getAttribute('href');
  await viewCertificate.press('Enter');

  // The certificate page leads back to the courses and to its course.
  await expect(page).toHaveURL(certificatePath!);
  const certificate = page.getByRole('article', { name: 'Certificate of completion' });
  await expect(certificate).toContainText('Gale Graduate');
  const nav = page.getByRole('navigation', { name: 'Verdant Education' });
  await expect(nav.getByRole('link', { name: 'Back to courses' })).toHaveAttribute(
    'href',
    '/education',
  );
  await expect(
    nav.getByRole('link', { name: 'Open the course “Honest Sustainability Claims”' }),
  ).toHaveAttribute('href', '/education/courses/honest-sustainability-claims');
  await expectNoAxeViolations(page, 'certificate page');
  // On paper only the certificate is printed.
  await page.emulateMedia({ media: 'print' });
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(certificate).toBeVisible();
  // In dark ink: browsers print no backgrounds, so the dark theme's light text would come out pale.
  const ink = await certificate.evaluate((article) =>
    [...article.querySelectorAll('h1, span, p')].map((part) => getComputedStyle(part).color),
  );
  expect(ink.length).toBeGreaterThan(3);
  for (const color of ink) {
    const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
    expect(Math.max(r!, g!, b!), `printed text colour ${color}`).toBeLessThan(128);
  }
  await page.emulateMedia({ media: 'screen' });
  // On a 360 px phone the certificate keeps a margin on both sides and nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const part of [certificate, nav]) {
    const box = (await part.boundingBox())!;
    expect(box.x, 'space left of the certificate').toBeGreaterThanOrEqual(12);
    expect(360 - (box.x + box.width), 'space right of the certificate').toBeGreaterThanOrEqual(12);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The code is on one line, not split at a hyphen.
  const codeLine = certificate.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect((await codeLine.boundingBox())!.height).toBeLessThan(30);
  await expectNoAxeViolations(page, 'certificate page at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // On the courses overview the finished course shows its state, not a "Continue".
  await nav.getByRole('link', { name: 'Back to courses' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await expect(
    page.getByRole('link', { name: 'View certificate: Honest Sustainability Claims' }),
  ).toHaveAttribute('href', certificatePath!);
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Continue: Honest Sustainability Claims' }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: 'Review course: Honest Sustainability Claims' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/education with a finished course');
});

test('every seeded course module names its links in words, not as a raw path', async () => {
  const url = new URL('/rest/v1/course_modules', stack.apiUrl);
  url.searchParams.set('select', 'title,body');
  const response = await fetch(url, { headers: asService() });
  expect(response.status).toBe(200);
  const modules = (await response.json()) as { title: string; body: string }[];
  expect(modules.length).toBeGreaterThan(10);
  const links = modules.flatMap(({ title, body }) =>
    [...body.matchAll(/\[([^\]]*)\]\(([^)]*)\)/g)].map(([, text = '', href = '']) => ({
      title,
      text,
      href,
    })),
  );
  expect(links.length).toBeGreaterThan(0);
  const raw = links.filter(({ text }) => /^\s*(\/|https?:|www\.)/i.test(text) || !text.trim());
  expect(raw, 'module links whose text is a path or address').toEqual([]);
});

test('a certificate that is not verified says so in the page’s h1, why below it, and the way back', async ({
  page,
}) => {
  for (const [code, reason] of [
    // Of the right form, but no certificate has it.
    ['VRDT-ZZZZ-2026', 'No certificate has the code VRDT-ZZZZ-2026.'],
    // Not of a code's form: the hint describes real codes, letters and digits mixed.
    [
      'NOPE-1234',
      'Code must be 12 letters or digits in three groups of four, such as 7C1E-04A9-B3F2.',
    ],
  ] as const) {
    await page.goto(`/education/certificates/${code}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Certificate not verified');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText(reason, { exact: false })).toBeVisible();
    await expect(page.getByText('ABCD-1234-EFGH')).toHaveCount(0);
    await expect(page).toHaveTitle('Certificate not verified — Verdant Education');
    await expect(
      page.getByRole('navigation', { name: 'Verdant Education' }).getByRole('link', {
        name: 'Back to courses',
      }),
    ).toHaveAttribute('href', '/education');
    await expectNoAxeViolations(page, `/education/certificates/${code}, not verified`);
  }
});

test('a certificate at a lower-case address is named by its code in capitals', async ({ page }) => {
  // A seeded certificate of the demo affiliate.
  await page.goto('/education/certificates/vrdt-a1c1-2026');
  await expect(page.getByRole('article', { name: 'Certificate of completion' })).toContainText(
    'code VRDT-A1C1-2026',
  );
  await expect(page).toHaveTitle('Certificate VRDT-A1C1-2026 — Verdant Education');
});

test('an unknown course or module is a page of its own, with the way back and nothing to retry', async ({
  page,
}) => {
  await page.goto('/education');
  for (const slug of ['no-such-course', 'Not_A_Slug']) {
    await visit(page, `/education/courses/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  }
  await expectNoAxeViolations(page, 'unknown course');
  await page.getByRole('link', { name: 'Back to courses' }).click();
  await expect(page).toHaveURL(/\/education$/);

  await visit(
    page,
    '/education/courses/honest-sustainability-claims/modules/00000000-0000-4000-8000-000000000000',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Module not found' })).toBeVisible();
  await expect(page.getByText('“Honest Sustainability Claims” has no such module.')).toBeVisible();
  await expectNoAxeViolations(page, 'unknown module');
  await page.getByRole('link', { name: 'Back to the course' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Honest Sustainability Claims' }),
  ).toBeVisible();
});
