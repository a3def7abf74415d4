/**
 * One "browser" for compatibility tests: a fetch with a cookie jar that sends the page's Origin,
 * as a browser on the app would (Node's fetch keeps no cookies).
 */
export function browserFetch(origin: string | null) {
  const cookies = new Map<string, string>();
  const fetchWithJar = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    if (cookies.size > 0)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    if (origin) headers.set('origin', origin);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /;\s*max-age=0\s*(;|$)/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { fetch: fetchWithJar, cookies };
}
