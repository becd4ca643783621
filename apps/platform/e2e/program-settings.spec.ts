import {
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  refuseWithCheck,
  test,
  closeWithEscape,
} from './support/fixtures.ts';
import { visit } from './spa.ts';

const merchant = demoAccount('merchant@verdant.test');

test('program settings: arrowing through the program picker only stages a program, and switching with unsaved edits asks in a dialog', async ({
  page,
}) => {
  // No browser prompt at all on this page's picker: the question is the kit's dialog.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/settings');
  const program = page.getByRole('combobox', { name: 'Program' });
  const name = page.getByLabel(/^Name/);
  await expect(name).not.toHaveValue('');
  const first = await program.inputValue();
  const firstName = await name.inputValue();
  const options = await program
    .locator('option')
    .evaluateAll((all) =>
      all.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })),
    );
  expect(options.length, 'another program, or the New program… choice').toBeGreaterThan(1);
  const at = options.findIndex((o) => o.value === first);
  // The option next to the open program, reached with one arrow key.
  const [key, other] =
    at + 1 < options.length
      ? (['ArrowDown', options[at + 1]!] as const)
      : (['ArrowUp', options[at - 1]!] as const);
  const switchButton = page.getByRole('button', { name: `Switch program to ${other.label}` });
  const question = page.getByRole('alertdialog', { name: 'Switch to another program?' });

  // An unsaved edit, then an arrow key on the picker: the other program is only staged.
  const edited = `${firstName} (edited)`;
  await name.fill(edited);
  await program.focus();
  await page.keyboard.press(key);
  await expect(program).toHaveValue(other.value);
  await expect(program).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(name).toHaveValue(edited);
  expect(prompts).toEqual([]);

  // "Switch program", next in the tab order, asks first; Escape keeps the program and the edit.
  await page.keyboard.press('Tab');
  await expect(switchButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toContainText(`Your changes to ${firstName} are not saved`);
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, '/vendor/settings, switching with unsaved changes');
  await closeWithEscape(page, question);
  await expect(program).toHaveValue(first);
  await expect(program).toBeFocused();
  await expect(switchButton).toHaveCount(0);
  await expect(name).toHaveValue(edited);

  // Confirmed, the other program opens with its own values; the edit is dropped, nothing saved.
  await page.keyboard.press(key);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Switch and discard changes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(program).toHaveValue(other.value);
  await expect(program).toBeFocused();
  await expect(name).not.toHaveValue(edited);

  // Without edits, "Switch program" switches at once, and the picker keeps the focus.
  await program.selectOption(first);
  await expect(name).not.toHaveValue(firstName);
  await page.getByRole('button', { name: `Switch program to ${options[at]!.label}` }).click();
  await expect(program).toHaveValue(first);
  await expect(name).toHaveValue(firstName);
  await expect(program).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(prompts).toEqual([]);
});

test('program settings: a flat commission is at most $10,000.00 per item sold, and a refusal of the server is told at its field in words', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/settings');
  await expect(page.getByLabel(/^Name/)).not.toHaveValue('');
  await page
    .getByRole('combobox', { name: 'Commission type' })
    .selectOption({ label: 'Flat amount per item sold' });
  const flat = page.getByLabel(/^Commission per item sold \(USD\)/);
  const save = page.getByRole('button', { name: 'Save changes' });
  const inWords = /Enter an amount from \$0\.01 to \$10,000\.00, such as 4\.50/;
  // The hint states the limit before anything is typed.
  await expect(flat).toHaveAccessibleDescription(/up to \$10,000\.00/);

  // The review's $250,000.00 per sale, and a number past any whole cents: refused at the field,
  // which takes the focus, before anything is sent.
  for (const amount of ['250000', '99999999999999999', '10000.01']) {
    await flat.fill(amount);
    await save.click();
    await expect(flat).toBeFocused();
    await expect(flat).toHaveAttribute('aria-invalid', 'true');
    await expect(flat).toHaveAccessibleDescription(inWords);
  }
  await expect(page.getByText(/Commission flat cents|9007199254740991/)).toHaveCount(0);

  // A refusal by the database (its check of the amount) is told at the field too, in the same
  // words, with the focus there; no card of internal names at the bottom.
  await refuseWithCheck(
    page,
    'affiliate_programs',
    'PATCH',
    'affiliate_programs_commission_flat_cents_max',
  );
  await flat.fill('25.00');
  await save.click();
  await expect(flat).toBeFocused();
  await expect(flat).toHaveAttribute('aria-invalid', 'true');
  await expect(flat).toHaveAccessibleDescription(inWords);
  await expect(page.getByText('Not saved', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/violates check constraint/)).toHaveCount(0);
  await expectNoAxeViolations(page, '/vendor/settings with a refused flat commission');
  // The message spoke of the amount sent: changing it takes the message away.
  await flat.fill('25.50');
  await expect(flat).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(inWords)).toHaveCount(0);
});
