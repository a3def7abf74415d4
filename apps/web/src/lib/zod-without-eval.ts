import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and probes for it on the first
// parse; the server's Content-Security-Policy allows no eval (apps/server/README.md#security-headers-and-the-dev-outbox),
// so the probe would be reported as a violation. Imported first, before anything parses.
z.config({ jitless: true });
