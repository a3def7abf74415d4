/**
 * The shared test Redis with a database (1–15) picked at random, so a suite's rate-limit counters
 * and revocation markers never meet those of another suite running at the same time.
 */
export function isolatedRedisURL(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  return parsed.toString();
}
