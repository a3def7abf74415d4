import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { startAdminServer } from '../admin/test-kit.ts';
import { coverageCheck, eventReads, signedInAdmin } from './test-kit.ts';

/** The import's event, read back through the admin events route (its route test checks the rest). */
describe.each(testDialects())('the import event (%s)', (dialect) => {
  let server: TestServer;
  const reads = eventReads(dialect);
  beforeAll(async () => {
    server = await startAdminServer(dialect);
  });
  afterAll(() => server.close());

  it('admin.users_imported: the counts, never the file', async () => {
    const { client } = await signedInAdmin(server, 'ops@example.com');
    const content = 'email,name\nnew.person@example.com,New Person\n';
    const response = await client.post('/admin/import-users', { format: 'csv', content });
    expect(response.status).toBe(200);
    const event = await reads.latest(client, '/admin/events', 'admin.users_imported');
    expect(event.metadata).toMatchObject({ from: 'csv', dryRun: false, total: 1, created: 1 });
    expect(JSON.stringify(event)).not.toContain('new.person@example.com');
  });
});

coverageCheck(import.meta.url);
