// The app's sign-in form as a person fills it in, shared by the end-to-end tests (support/stack.ts)
// and the benches. Plain JavaScript, so the benches (.mjs) and the TypeScript tests share one copy.

/**
 * Fills the sign-in form the page shows with `account`'s e-mail and password, submits it and waits
 * for the dashboard.
 * @param {import('playwright-core').Page} page
 * @param {string} web the app's address
 * @param {{ email: string; password: string }} account
 * @returns {Promise<void>}
 */
export async function submitSignInForm(page, web, account) {
  await page.getByLabel('Adres e-mail').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(`${web}/dashboard`);
}
