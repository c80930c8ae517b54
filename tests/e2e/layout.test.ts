// Every route, as each role sees it, at the widths people use (390 px phone, 1024 px tablet at the
// pickup table, 1280 px desktop): no text may be wider than its box — spilling out or cut with an
// ellipsis, a badge as much as a page — no badge broken inside a word, and every button or link must
// have a Polish name a screen reader can read. Failures list the element, its text and the widths. A copy of the demo participant
// first gets what makes pages long and crowded: a participant with a long double surname, paid tickets
// and merchandise, an item handed out, a pending order with transfer details, a filled basket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, screenshot } from '../helpers/browser';
import { unnamedControls } from './support/controls';
import { brokenBadgeWords, describeFindings, overflowingText, watchPageWidth } from './support/overflow';
import { demoParticipantCopy, sharedStack, type ParticipantCopy } from './support/shared';
import { crowdOrders } from './support/crowded';
import { DEMO, settled, signIn, stackClient } from './support/stack';

const WIDTHS = [390, 1024, 1280] as const;

// The stack every file shares (globalSetup.ts), known as the file loads.
const stack = sharedStack();
const web = stack.urls.web;
/** The demo participant's own copy for this file (the stack is shared): it gets the crowded data. */
let participant: ParticipantCopy;
let browser: Browser;
let invoiceKey = '';
let pendingOrderId = '';
const longNamedMember = { firstName: 'Maria-Magdalena', lastName: 'Brzęczyszczykiewicz-Szczebrzeszyńska' };

beforeAll(async () => {
  browser = await launchBrowser();
  const client = stackClient(stack);
  participant = await demoParticipantCopy(stack, 'layout');
  const { memberId } = await client.call<{ memberId: string }>(participant, 'addMember', {
    ...longNamedMember,
    birthYear: 2016,
    relation: 'child',
  });
  ({ invoiceKey, pendingOrderId } = await crowdOrders(client, participant, {
    childId: memberId,
    hoodieSize: 'XL',
    pendingFor: 'demo-partner',
    // demo-syn and demo-corka: the demo family's son and daughter, copied with the participant.
    leftInBasket: {
      tickets: { 'demo-syn': { ticketTypeId: 'bilet-dzieciecy' } },
      merch: { 'line-3': { productId: 'koszulka-baltyk', variantId: 'M', quantity: 3, memberId: 'demo-corka' } },
    },
  }));
}, 600_000);

afterAll(async () => {
  await browser?.close();
});

interface Visit {
  path: string;
  /** Clicks the tab of that name first (admin tabs share one route). */
  tab?: string;
}

const ROUTES: Record<'signedOut' | 'participant' | 'staff' | 'admin', () => Visit[]> = {
  signedOut: () =>
    ['/', '/rejestracja/registration_steps/StepOne', '/remindPassword', '/nie-ma-takiej-strony'].map((path) => ({
      path,
    })),
  participant: () =>
    [
      '/dashboard',
      '/dashboard/uczestnicy',
      '/dashboard/uczestnicy/member/addMember',
      '/dashboard/uczestnicy/member/detailMember?id=demo-corka',
      '/dashboard/uczestnicy/member/deleteMemberModal?id=demo-syn',
      '/dashboard/uczestnicy/TicketBasket',
      '/dashboard/uczestnicy/basket/TicketsStepOne',
      '/dashboard/uczestnicy/basket/TicketsStepTwo',
      `/dashboard/uczestnicy/basket/TicketsStepTwo?zamowienie=${pendingOrderId}`,
      '/dashboard/sklepik',
      '/dashboard/sklepik/bluza-sztorm',
      '/dashboard/sklepik/MerchBasket',
      '/dashboard/sklepik/merch/MerchStepOne',
      '/dashboard/sklepik/merch/MerchStepTwo',
      '/dashboard/sklepik/merch/MerchStepThree',
      '/dashboard/zamowienia',
      '/dashboard/faktury',
      `/dashboard/faktury/${invoiceKey}`,
      '/dashboard/odbierz',
      '/dashboard/statystyki',
      '/dashboard/ustawienia',
      '/dashboard/admin',
    ].map((path) => ({ path })),
  staff: () =>
    [
      '/dashboard/odbierz',
      '/dashboard/odbierz/User',
      `/dashboard/odbierz/User?uid=${participant.uid}`,
      `/dashboard/odbierz/Add?uid=${participant.uid}`,
    ].map((path) => ({ path })),
  admin: () => [{ path: '/dashboard/statystyki' }, { path: '/dashboard/admin' }],
};

const ACCOUNTS = { participant: () => participant, staff: () => DEMO.staff, admin: () => DEMO.admin } as const;

/** Problems on the page as it stands, each line naming the width and the route. */
async function problemsOn(page: Page, label: string): Promise<string[]> {
  await settled(page);
  const overflow = [...(await overflowingText(page)), ...(await brokenBadgeWords(page))];
  const unnamed = await unnamedControls(page);
  return [
    ...(overflow.length
      ? describeFindings(overflow)
          .split('\n')
          .map((line) => `${label} overflow: ${line}`)
      : []),
    ...unnamed.map((c) => `${label} control without a Polish name: ${c.element} "${c.name}"`),
  ];
}

describe.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])('every %s route', (role) => {
  it.each(WIDTHS)(
    'fits at %i px: no text wider than its box, every control named in Polish',
    async (width) => {
      const context = await browser.newContext({
        viewport: { width, height: width < 500 ? 844 : 800 },
        locale: 'pl-PL',
        timezoneId: 'Europe/Warsaw',
        hasTouch: width < 1280,
      });
      await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
      await watchPageWidth(context);
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      const errors = collectPageErrors(page);
      if (role !== 'signedOut') await signIn(page, web, ACCOUNTS[role]());
      const problems: string[] = [];
      for (const visit of ROUTES[role]()) {
        await page.goto(`${web}${visit.path}`);
        await page.locator('main, [data-testid="error-page"], form').first().waitFor();
        problems.push(...(await problemsOn(page, `${width} px ${visit.path}`)));
        if (role === 'admin' && visit.path === '/dashboard/admin') {
          // Every tab of the admin page, one after another.
          const tabs = await page.getByRole('tab').allTextContents();
          for (const tab of tabs) {
            await page.getByRole('tab', { name: tab }).click();
            await page.getByRole('tabpanel').first().waitFor();
            problems.push(...(await problemsOn(page, `${width} px ${visit.path} [${tab}]`)));
          }
        }
      }
      if (problems.length) await screenshot(page, `layout-${role}-${width}`);
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    600_000,
  );
});
