/** Requests built by `auth.api`: the only ones that may reach server-only endpoints. */
const serverCalls = new WeakSet<Request>();

/** Marks a request as built by `auth.api`, before it enters the pipeline. */
export const markServerCall = (request: Request): void => {
  serverCalls.add(request);
};

/** Whether a request came from `auth.api` rather than over HTTP. */
export const isServerCall = (request: Request): boolean => serverCalls.has(request);
