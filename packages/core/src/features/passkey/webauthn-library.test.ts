import { expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@simplewebauthn/server', async (importOriginal) => {
  loads.count++;
  return importOriginal();
});

it('is loaded by the first verification that needs it, not with the engine, and once', async () => {
  // The engine suites share one module cache (vitest.config.ts): start from an empty one so that
  // another file's passkey test cannot have loaded the library already.
  vi.resetModules();
  const engine = await import('../../index.ts');
  expect(typeof engine.createAuth).toBe('function');
  expect(loads.count).toBe(0);
  const { webauthnLibrary } = await import('./webauthn-library.ts');
  const [first, second] = await Promise.all([webauthnLibrary(), webauthnLibrary()]);
  expect(typeof first.verifyAuthenticationResponse).toBe('function');
  expect(second).toBe(first);
  expect(loads.count).toBe(1);
});
