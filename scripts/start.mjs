// `npm start`. In production (NODE_ENV=production) it runs the compiled server that
// `npm run build` wrote to apps/server/dist and builds or transpiles nothing; without a build it
// stops and says so. In development it keeps the convenience of a fresh clone: the web app is
// built when its sources changed, and the server runs from its TypeScript sources through tsx.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

if (process.env.NODE_ENV === 'production') {
  const main = join(root, 'apps/server/dist/main.js');
  const web = join(root, 'apps/web/dist/index.html');
  const missing = [main, web].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      `gatehouse: no production build (missing ${missing.join(', ')}): run \`npm run build\` first`,
    );
    process.exit(1);
  }
  await import(pathToFileURL(main).href);
} else {
  await import('./build-web-if-needed.mjs');
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'apps/server/src/main.ts')).href);
}
