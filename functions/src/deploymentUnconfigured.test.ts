import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeployment, type Deployment } from './deploymentTesting.js';

// The first deploy of a new project (README, „Using a real Firebase project”): only e-mail is set up, no
// online payments (P24_BASE_URL) and no KSeF address yet. It must ask for no secret of those services.

let deployment: Deployment;
beforeAll(async () => {
  deployment = await loadDeployment({});
}, 60_000);
afterAll(() => deployment.restore());

describe('Functions secrets before payments and KSeF are configured', () => {
  it('ask the deploy for the SMTP address only', () => {
    expect(deployment.declaredSecrets).toEqual(['SMTP_URL']);
  });

  it('bind the SMTP address to every function and nothing else', () => {
    expect(deployment.endpoints.size).toBeGreaterThan(30);
    for (const [name, endpoint] of deployment.endpoints)
      expect(
        (endpoint.secretEnvironmentVariables ?? []).map((s) => s.key),
        name,
      ).toEqual(['SMTP_URL']);
  });
});
