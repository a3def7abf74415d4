import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, json, person, startKeyServer } from '../features/api-key/test-kit.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { testDialects } from '../testing/test-database.ts';
import type { TestServer } from '../testing/test-server.ts';

const ACTIVITY = 'https://app.example.test/account/activity';
const HOUR = 3600;

/** Every part of a key a notice must not hold: the key, and any 12 characters of it past `start`. */
function leaksOf(text: string, key: string): string[] {
  const found: string[] = [];
  for (let at = 6; at + 12 <= key.length; at++) if (text.includes(key.slice(at, at + 12))) found.push(key);
  return found;
}

// A new API key is a new way in: told like a passkey added (docs/email.md#sign-in-alerts), in the
// language of the request, naming the key by its name and `start` only.
describe.each(testDialects())('the notice of an API key created (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    server = await startKeyServer(dialect, {
      appName: 'Gatehouse Test',
      mailer,
      signInAlerts: { enabled: true, activityURL: ACTIVITY },
    });
  });
  afterAll(() => server.close());

  const notices = (to: string) => mailer.sent.filter((m) => m.to === to && m.kind === 'security-notice');

  it('a personal key: the owner hears of it in English, with the activity link and no secret', async () => {
    const owner = await person(server, 'owner');
    const created = await createKey(owner, { name: 'deploy bot' });
    await expect.poll(() => notices(owner.email).length).toBe(1);
    const [notice] = notices(owner.email);
    expect(notice?.subject).toBe('An API key was created for your account');
    expect(notice?.text).toContain(
      `A new API key was created for your account: “deploy bot”, beginning with ${created.start}…`,
    );
    expect(notice?.link).toBe(ACTIVITY);
    expect(notice?.text).toContain(ACTIVITY);
    for (const part of [notice?.text ?? '', notice?.html ?? '', notice?.subject ?? ''])
      expect(leaksOf(part, created.key)).toEqual([]);
  });

  it('in German and French, also for a key without a name', async () => {
    const german = await person(server, 'german');
    const response = await german.client.post(
      '/api-key/create',
      {},
      { headers: { 'accept-language': 'de-DE,de;q=0.9' } },
    );
    expect(response.status).toBe(200);
    const key = (await json(response)) as { key: string; start: string };
    await expect.poll(() => notices(german.email).length).toBe(1);
    const [de] = notices(german.email);
    expect(de?.subject).toBe('Für Ihr Konto wurde ein API-Schlüssel erstellt');
    expect(de?.text).toContain(`erstellt: beginnend mit ${key.start}…`);
    expect(de?.html).toContain('<html lang="de">');
    expect(leaksOf(de?.text ?? '', key.key)).toEqual([]);

    const french = await person(server, 'french');
    const fr = await french.client.post(
      '/api-key/create',
      { name: 'sauvegarde' },
      { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } },
    );
    expect(fr.status).toBe(200);
    await expect.poll(() => notices(french.email).length).toBe(1);
    const [notice] = notices(french.email);
    expect(notice?.subject).toBe('Une clé d’API a été créée pour votre compte');
    expect(notice?.text).toContain('«\u00a0sauvegarde\u00a0»');
    expect(notice?.html).toContain('<html lang="fr">');
  });

  it('an organization key: the member who made it hears of it, with the organization’s name', async () => {
    const owner = await person(server, 'org-owner');
    const admin = await person(server, 'org-admin');
    const org = await json(
      await owner.client.post('/organization/create', { name: 'Acme Rockets', slug: `acme-${Date.now()}` }),
    );
    const added = await server.auth.api.addMember({
      body: { userId: admin.id, organizationId: org.id, role: 'admin' },
    });
    expect(added).toBeTruthy();
    const created = await createKey(admin, { configId: 'organization', organizationId: org.id, name: 'ci' });
    await expect.poll(() => notices(admin.email).length).toBe(1);
    const [notice] = notices(admin.email);
    expect(notice?.subject).toBe('You created an organization API key');
    expect(notice?.text).toContain('for the organization Acme Rockets: “ci”');
    expect(leaksOf(notice?.text ?? '', created.key)).toEqual([]);
    expect(notices(owner.email)).toEqual([]);
  });

  it('a refused creation sends nothing', async () => {
    const owner = await person(server, 'refused');
    expect((await owner.client.post('/api-key/create', { expiresIn: 1 })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notices(owner.email)).toEqual([]);
  });
});

describe.each(testDialects())('the API-key notice, off and past the budget (%s)', (dialect) => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('past the mail budget the notice is dropped and the keys are still created', async () => {
    const mailer = new CaptureMailer();
    const server = await startKeyServer(dialect, {
      mailer,
      mailBudget: { perRecipient: { window: HOUR, max: 2 } },
      signInAlerts: { enabled: true, activityURL: ACTIVITY },
    });
    servers.push(server);
    const owner = await person(server, 'budget');
    for (let i = 0; i < 4; i++) await createKey(owner, { name: `key ${i}` });
    await expect.poll(() => mailer.sent.filter((m) => m.to === owner.email).length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.sent.filter((m) => m.to === owner.email)).toHaveLength(2);
    expect(
      mailer.sent.filter((m) => m.to === owner.email && m.kind === 'security-notice').length,
    ).toBeGreaterThan(0);
    const listed = await json(await owner.client.get('/api-key/list'));
    expect(listed.total).toBe(4);
  });

  it('with sign-in alerts off no notice is sent', async () => {
    const mailer = new CaptureMailer();
    const server = await startKeyServer(dialect, { mailer, signInAlerts: { enabled: false } });
    servers.push(server);
    const owner = await person(server, 'quiet');
    await createKey(owner, { name: 'quiet' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.sent.filter((m) => m.kind === 'security-notice')).toEqual([]);
  });
});
