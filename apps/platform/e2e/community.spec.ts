import {
  asUser,
  createAccount,
  expect,
  expectNoAxeViolations,
  login,
  signIn,
  stack,
  test,
} from './support/fixtures.ts';
import { visit } from './spa.ts';

const PASSWORD = 'Moss+Creator26';

/** A table's rows written through PostgREST as a signed-in member: what the forms would send. */
async function insertAs<T>(token: string, table: string, row: Record<string, unknown>): Promise<T> {
  const response = await fetch(new URL(`/rest/v1/${table}`, stack.apiUrl), {
    method: 'POST',
    headers: asUser(token, { 'content-type': 'application/json', prefer: 'return=representation' }),
    body: JSON.stringify(row),
  });
  expect(response.status, `insert into ${table}`).toBe(201);
  const [created] = (await response.json()) as T[];
  return created!;
}

/**
 * A thread of its own for a journey: a fresh author's post with one comment, and a fresh member
 * (signed in through the auth API as well) who did not write either.
 */
async function threadToReport(prefix: string) {
  const author = await createAccount(`${prefix}-author`, PASSWORD, {
    name: 'Wren Author',
    role: 'affiliate',
  });
  const reader = await createAccount(`${prefix}-reader`, PASSWORD, {
    name: 'Fern Reader',
    role: 'affiliate',
  });
  const { token } = await signIn(author);
  const post = await insertAs<{ id: string; title: string }>(token, 'posts', {
    author_id: author.id,
    title: `Compost in small flats ${Date.now()}`,
    body: 'Has anyone tried a bokashi bin on a balcony?',
    category: 'sustainability',
  });
  await insertAs(token, 'comments', {
    author_id: author.id,
    post_id: post.id,
    body: 'Mine smells fine after a month.',
  });
  return { author, reader, post };
}

test.describe('/community reports', () => {
  test('a reported post or comment says "Reported" and offers no second report, here and after a reload', async ({
    page,
  }) => {
    const { reader, post } = await threadToReport('report-once');
    await login(page, reader, /\/dashboard$/);
    await visit(page, `/community?post=${post.id}`);
    const thread = page.getByRole('article', { name: post.title });
    const reportPost = thread.getByRole('button', { name: 'Report post', exact: true });
    const reportComment = thread.getByRole('button', {
      name: 'Report comment by Wren Author',
      exact: true,
    });
    const dialog = page.getByRole('dialog');

    // The post: reported once, its button says so, stays inactive, and keeps the focus.
    await reportPost.click();
    await dialog.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Spam' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Reported', { exact: true }).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const reportedPost = thread.getByRole('button', { name: 'Reported post', exact: true });
    await expect(reportedPost).toHaveText('Reported');
    await expect(reportedPost).toBeDisabled();
    await expect(reportedPost).toBeFocused();
    await expect(reportPost).toHaveCount(0);
    // Pressed anyway (by keyboard, and clicked past Playwright's own wait for an enabled
    // button), it opens nothing.
    await page.keyboard.press('Enter');
    await reportedPost.click({ force: true });
    await expect(dialog).toHaveCount(0);

    // The comment likewise, named after its author.
    await reportComment.click();
    await dialog
      .getByRole('combobox', { name: /^Reason/ })
      .selectOption({ label: 'Something else' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
    const reportedComment = thread.getByRole('button', {
      name: 'Reported comment by Wren Author',
      exact: true,
    });
    await expect(reportedComment).toHaveText('Reported');
    await expect(reportedComment).toBeDisabled();
    await expect(reportedComment).toBeFocused();
    await expectNoAxeViolations(page, '/community post and comment reported');

    // Loaded again: the member's open reports are read back, and the buttons still say so.
    await page.reload();
    await expect(reportedPost).toBeDisabled();
    await expect(reportedComment).toBeDisabled();
    await expect(reportPost).toHaveCount(0);
    await expect(reportComment).toHaveCount(0);
  });

  test('a report refused as already sent marks the button too', async ({ page }) => {
    const { reader, post } = await threadToReport('report-elsewhere');
    await login(page, reader, /\/dashboard$/);
    // The member's reports are read once the thread opens (none yet) …
    const readReports = page.waitForResponse(
      (response) =>
        response.url().includes('/rest/v1/reports') && response.request().method() === 'GET',
    );
    await visit(page, `/community?post=${post.id}`);
    await readReports;
    const thread = page.getByRole('article', { name: post.title });
    const reportPost = thread.getByRole('button', { name: 'Report post', exact: true });
    await expect(reportPost).toBeEnabled();
    // … and then the post is reported from elsewhere (another tab, another device).
    const { token } = await signIn(reader);
    await insertAs(token, 'reports', { reporter_id: reader.id, post_id: post.id, reason: 'spam' });

    await reportPost.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Spam' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toContainText('You have already reported this');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const reportedPost = thread.getByRole('button', { name: 'Reported post', exact: true });
    await expect(reportedPost).toBeDisabled();
    await expect(reportedPost).toBeFocused();
  });
});

test.describe('/community post forms', () => {
  test('editing a post checks its title and text as a new post does, in the same words', async ({
    page,
  }) => {
    const { author, post } = await threadToReport('edit-words');
    await login(page, author, /\/dashboard$/);

    // The new-post form's words, for comparison.
    await visit(page, '/community');
    const newPost = page.getByRole('form', { name: 'New post' });
    await newPost.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(newPost.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'Enter a title',
    );
    await expect(newPost.getByRole('textbox', { name: 'Post' })).toHaveAccessibleDescription(
      'Write your post',
    );

    await visit(page, `/community?post=${post.id}`);
    const thread = page.getByRole('article', { name: post.title });
    await thread.getByRole('button', { name: 'Edit post' }).click();
    const form = page.getByRole('form', { name: 'Edit post' });
    const title = form.getByRole('textbox', { name: 'Title' });
    const body = form.getByRole('textbox', { name: 'Post' });
    const save = form.getByRole('button', { name: 'Save' });
    // Both emptied (spaces only count as empty): each field says what to fix, the focus on the
    // first, and nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/posts') && request.method() === 'PATCH') sent += 1;
    });
    await title.fill('   ');
    await body.fill('');
    await save.click();
    await expect(title).toBeFocused();
    await expect(title).toHaveAccessibleDescription('Enter a title');
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(body).toHaveAccessibleDescription('Write your post');
    await expectNoAxeViolations(page, '/community edit form, title and text missing');
    // Too short, as the new-post form says it; the text's message goes once it is written.
    await title.fill('ab');
    await body.fill('Bokashi on a balcony, one month in.');
    await expect(title).toHaveAccessibleDescription('Write a title of at least 3 characters');
    await expect(body).toHaveAccessibleDescription('');
    await save.click();
    await expect(title).toBeFocused();
    expect(sent).toBe(0);
    await expect(page.getByText(/must be at least/)).toHaveCount(0);

    const edited = `${post.title} (a month in)`;
    await title.fill(edited);
    await save.click();
    await expect(page.getByText('Post updated', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: edited })).toBeVisible();
    await expect(form).toHaveCount(0);
    expect(sent).toBe(1);
  });
});
