import type { AuthContext } from './context.ts';

/**
 * Each engine's context, keyed by the engine `createAuth` returned. Features receive the context
 * with every request; this is for code in the package that holds an engine and no request (the
 * test server, calling a port as a feature would). It is not exported from the package.
 */
const contexts = new WeakMap<object, AuthContext>();

export function rememberContext(engine: object, context: AuthContext): void {
  contexts.set(engine, context);
}

export function contextOf(engine: object): AuthContext {
  const context = contexts.get(engine);
  if (!context) throw new Error('not an engine built by createAuth');
  return context;
}
