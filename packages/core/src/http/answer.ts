/** What an answer's body may be: text or bytes in full, a stream (file downloads), or nothing. */
export type AnswerBody = string | Uint8Array | ReadableStream<Uint8Array> | null;

/**
 * A response as the pipeline builds it, before a server turns it into bytes: a status, header
 * pairs with lower-case names (Set-Cookie may repeat), and a body. Plain data rather than a web
 * `Response`, so a Node server writes it straight to the socket (`node-handler.ts`) and only the
 * web-standard handler pays for building a `Response` (`toResponse`).
 */
export class Answer {
  constructor(
    public status: number,
    readonly headers: [string, string][],
    public body: AnswerBody = null,
  ) {}

  /** The first value of a header, or null. */
  header(name: string): string | null {
    for (const [key, value] of this.headers) if (key === name) return value;
    return null;
  }

  /** Sets a header, replacing every value it had. */
  setHeader(name: string, value: string): void {
    const at = this.headers.findIndex(([key]) => key === name);
    if (at === -1) {
      this.headers.push([name, value]);
      return;
    }
    this.headers[at] = [name, value];
    for (let i = this.headers.length - 1; i > at; i--)
      if (this.headers[i]?.[0] === name) this.headers.splice(i, 1);
  }

  /** The Set-Cookie values, in order. */
  setCookies(): string[] {
    return this.headers.filter(([key]) => key === 'set-cookie').map(([, value]) => value);
  }
}

/** A handler's own `Response` (a file, a page) as an answer; its body is passed on as a stream. */
export function answerFromResponse(response: Response): Answer {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers.push([name, value]);
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  return new Answer(response.status, headers, response.body);
}

/** The answer as a web-standard Response, for `auth.handler`. */
export function toResponse(answer: Answer): Response {
  // Bytes are a valid body; the DOM's typing of typed arrays (TypeScript 5.9) does not say so.
  const body = answer.body as ConstructorParameters<typeof Response>[0];
  return new Response(body, { status: answer.status, headers: answer.headers });
}
