#!/usr/bin/env node
// The `gatehouse` operator command (`npm run cli -- …` runs it too). A deployment runs the CLI
// that `npm run build` compiled to dist/cli.js, on plain node: with NODE_ENV=production, or
// wherever the TypeScript sources are absent (a deployment holds only the build). A checkout in
// development runs the sources through tsx, which only development installs.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
const sources = new URL('../src/cli.ts', import.meta.url);

if (process.env.NODE_ENV === 'production' || !existsSync(sources)) {
  if (!existsSync(compiled)) {
    console.error('gatehouse: no build (apps/server/dist/cli.js is missing): run `npm run build` first');
    process.exit(1);
  }
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
}
