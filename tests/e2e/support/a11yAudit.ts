// The accessibility audit of every route as each role sees it: a participant of its own with crowded
// data (paid and pending orders, merchandise, a hand-out, an invoice, a filled basket), the staff
// station on that participant, every admin tab. Each route is audited with axe-core in light and in
// dark mode at one width; one page per role and width, moving between routes in the app itself
// (as a user clicking a link would) so the app and the engine load once.
import type { Browser, Page } from 'playwright-core';
import {
  animationsFinished,
  axeViolations,
  countByImpact,
  describeViolations,
  type AxeViolation,
  type ImpactCounts,
} from './axe';
import { crowdOrders } from './crowded';
import { DEMO, settled, signIn, stackClient, type Account } from './stack';

type Role = 'signedOut' | 'participant' | 'staff' | 'admin';
export const ROLES: readonly Role[] = ['signedOut', 'participant', 'staff', 'admin'];
type Scheme = 'light' | 'dark';
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** What the participant's pages show: ids the routes need. */
export interface CrowdedParticipant {
  account: Account;
  childId: string;
  adultId: string;
  invoiceKey: string;
  pendingOrderId: string;
}

/**
 * A participant of its own (a unique e-mail, so no other test's data matters) with what makes pages
 * long: a child with a long double surname and paid tickets, merchandise of which one item was handed
 * out, a pending order with transfer details, an invoice, and lines left in both baskets.
 */
export async function prepareCrowdedParticipant(stack: Parameters<typeof stackClient>[0]): Promise<CrowdedParticipant> {
  const client = stackClient(stack);
  const { call, register } = client;
  const account = await register(`a11y-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, {
    firstName: 'Zofia',
    lastName: 'Dostępna',
  });
  const { memberId: childId } = await call<{ memberId: string }>(account, 'addMember', {
    firstName: 'Maria-Magdalena',
    lastName: 'Kołodziejczyk-Żmijewska',
    birthYear: 2016,
    relation: 'child',
  });
  const { memberId: adultId } = await call<{ memberId: string }>(account, 'addMember', {
    firstName: 'Jan',
    lastName: 'Dostępny',
    birthYear: 1980,
    relation: 'partner',
  });
  const { invoiceKey, pendingOrderId } = await crowdOrders(client, account, {
    childId,
    hoodieSize: 'XXL',
    pendingFor: adultId,
    leftInBasket: {
      tickets: { [adultId]: { ticketTypeId: 'bilet-jednodniowy' } },
      merch: { 'line-3': { productId: 'koszulka-baltyk', variantId: 'M', quantity: 3, memberId: childId } },
    },
  });
  return { account, childId, adultId, invoiceKey, pendingOrderId };
}

/** Every route the role can open; admin tabs are visited on /dashboard/admin. */
function routesFor(role: Role, data: CrowdedParticipant): string[] {
  const D = '/dashboard';
  switch (role) {
    case 'signedOut':
      return ['/', '/rejestracja/registration_steps/StepOne', '/remindPassword', '/nie-ma-takiej-strony'];
    case 'participant':
      return [
        D,
        `${D}/uczestnicy`,
        `${D}/uczestnicy/member/addMember`,
        `${D}/uczestnicy/member/detailMember?id=${data.childId}`,
        `${D}/uczestnicy/member/deleteMemberModal?id=${data.adultId}`,
        `${D}/uczestnicy/TicketBasket`,
        `${D}/uczestnicy/basket/TicketsStepOne`,
        `${D}/uczestnicy/basket/TicketsStepTwo`,
        `${D}/sklepik`,
        `${D}/uczestnicy/basket/TicketsStepTwo?zamowienie=${data.pendingOrderId}`,
        `${D}/sklepik/bluza-sztorm`,
        `${D}/sklepik/MerchBasket`,
        `${D}/sklepik/merch/MerchStepOne`,
        `${D}/sklepik/merch/MerchStepTwo`,
        `${D}/sklepik/merch/MerchStepThree`,
        `${D}/zamowienia`,
        `${D}/faktury`,
        `${D}/faktury/${data.invoiceKey}`,
        `${D}/odbierz`,
        `${D}/statystyki`,
        `${D}/ustawienia`,
        `${D}/admin`,
      ];
    case 'staff':
      return [
        `${D}/odbierz`,
        `${D}/odbierz/User`,
        `${D}/statystyki`,
        `${D}/odbierz/User?uid=${data.account.uid}`,
        `${D}/odbierz/Add?uid=${data.account.uid}`,
      ];
    case 'admin':
      return [`${D}/statystyki`, `${D}/admin`];
  }
}

interface AuditedView {
  /** The route, with the admin tab in brackets. */
  view: string;
  scheme: Scheme;
  counts: ImpactCounts;
  violations: AxeViolation[];
}

/**
 * Opens the route in the app: a client-side navigation (the router follows the history's popstate,
 * as for the back button) when the page already runs the app and the path differs, else a page load.
 */
async function open(page: Page, web: string, path: string): Promise<void> {
  const target = new URL(path, web);
  const current = new URL(page.url());
  const inApp =
    current.origin === target.origin &&
    current.pathname.startsWith('/dashboard') &&
    target.pathname.startsWith('/dashboard');
  if (inApp && current.pathname !== target.pathname) {
    await page.evaluate((url) => {
      (window as { __auditPrevious?: Element | null }).__auditPrevious = document.querySelector('[data-transition]');
      window.history.pushState({}, '', url);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, `${target.pathname}${target.search}`);
    // The page's transition wrapper is keyed by the path: a new one means the new page rendered.
    await page.waitForFunction(() => {
      const now = document.querySelector('[data-transition]');
      return now !== null && now !== (window as { __auditPrevious?: Element | null }).__auditPrevious;
    });
  } else {
    await page.goto(target.href);
  }
  await page.locator('main, [data-testid="error-page"]').first().waitFor();
  await settled(page);
}

async function auditBothSchemes(page: Page, view: string): Promise<AuditedView[]> {
  const out: AuditedView[] = [];
  for (const scheme of SCHEMES) {
    // Mantine follows prefers-color-scheme live (its default mode is "auto").
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
    await animationsFinished(page);
    const violations = await axeViolations(page);
    out.push({ view, scheme, counts: countByImpact(violations), violations });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}

interface RoleAudit {
  views: AuditedView[];
  /** Serious and critical violations, one line per element, prefixed with the view and the scheme. */
  blocking: string[];
}

export async function auditRole(
  browser: Browser,
  web: string,
  role: Role,
  width: number,
  data: CrowdedParticipant,
): Promise<RoleAudit> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 800 },
    isMobile: width < 500,
    hasTouch: width < 500,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    colorScheme: 'light',
  });
  // The cookie notice has been answered (it is audited once, on its own, on the sign-in page).
  if (role !== 'signedOut') await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  try {
    const accounts = { participant: data.account, staff: DEMO.staff, admin: DEMO.admin } as const;
    if (role !== 'signedOut') await signIn(page, web, accounts[role]);
    const views: AuditedView[] = [];
    for (const path of routesFor(role, data)) {
      await open(page, web, path).catch((error: Error) => {
        throw new Error(`${role} at ${width} px, opening ${path}: ${error.message}`);
      });
      views.push(...(await auditBothSchemes(page, path)));
      if (role === 'admin' && path === '/dashboard/admin') {
        await page.getByRole('tab').first().waitFor();
        const tabs = await page.getByRole('tab').allTextContents();
        for (const tab of tabs) {
          await page.getByRole('tab', { name: tab, exact: true }).click();
          await page.getByRole('tabpanel').first().waitFor();
          await settled(page);
          views.push(...(await auditBothSchemes(page, `${path} [${tab}]`)));
        }
      }
    }
    const blocking = views.flatMap((v) =>
      describeViolations(v.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')).map(
        (line) => `${width} px ${v.scheme} ${v.view}: ${line}`,
      ),
    );
    return { views, blocking };
  } finally {
    await context.close();
  }
}

export interface AuditReportEntry {
  role: Role;
  width: number;
  views: AuditedView[];
}

/**
 * A Markdown table per role: one row per route (admin tabs in brackets), one column per width and
 * colour scheme, each cell „serious + critical / all” violations (counted per element).
 */
export function reportTables(entries: AuditReportEntry[]): string {
  const roleTitles: Record<Role, string> = {
    signedOut: 'Signed out',
    participant: 'Participant',
    staff: 'Staff',
    admin: 'Admin',
  };
  const out: string[] = [];
  for (const role of ROLES) {
    const mine = entries.filter((e) => e.role === role).sort((a, b) => a.width - b.width);
    if (mine.length === 0) continue;
    const columns = mine.flatMap((e) => SCHEMES.map((scheme) => ({ width: e.width, scheme })));
    const views = [...new Set(mine.flatMap((e) => e.views.map((v) => v.view)))];
    out.push(
      `### ${roleTitles[role]}`,
      '',
      `| Route | ${columns.map((c) => `${c.width} px ${c.scheme}`).join(' | ')} |`,
      `|---|${columns.map(() => '---:').join('|')}|`,
    );
    for (const view of views) {
      const cells = columns.map(({ width, scheme }) => {
        const found = mine.find((e) => e.width === width)?.views.find((v) => v.view === view && v.scheme === scheme);
        if (!found) return '—';
        const { critical, serious, moderate, minor } = found.counts;
        return `${critical + serious} / ${critical + serious + moderate + minor}`;
      });
      // Ids in a route (a member, an order, an invoice) differ on every run.
      const shown = view.replace(/([?=/])(-?[A-Za-z0-9_-]{20,}(-FV-[0-9-]+)?)/g, '$1{id}');
      out.push(`| \`${shown}\` | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
