// The set-up of the journeys between the admin and a participant (KSeF, refunds, staff and admin):
// the shared stack and its client, the file's own copy of the demo participant (the stack is shared),
// and Chromium with a desktop page for each, the participant's already at the sign-in form.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser';
import { demoParticipantCopy, sharedStack, type ParticipantCopy, type SharedStack } from './shared';
import { appPage, firstVisit, stackClient } from './stack';

export interface AdminAndParticipant {
  stack: SharedStack;
  client: ReturnType<typeof stackClient>;
  /** The demo participant's own copy for the file (`label` names it in its uid and e-mail). */
  PARTICIPANT: ParticipantCopy;
  browser: Browser;
  web: string;
  admin: Page;
  participant: Page;
  /** Every page's uncaught errors (appPage with this list for further pages). */
  pageErrors: Error[];
}

/** Call in beforeAll; close `browser` in afterAll. */
export async function adminAndParticipant(label: string): Promise<AdminAndParticipant> {
  const stack = sharedStack();
  const web = stack.urls.web;
  const PARTICIPANT = await demoParticipantCopy(stack, label);
  const browser = await launchBrowser();
  const pageErrors: Error[] = [];
  const admin = await appPage(browser, web, pageErrors, { viewport: 'desktop' });
  const participant = await appPage(browser, web, pageErrors, { viewport: 'desktop' });
  await firstVisit(participant, web);
  return { stack, client: stackClient(stack), PARTICIPANT, browser, web, admin, participant, pageErrors };
}
