/** Writes the server bundle (main.js, cli.js) to `serverDist`, emptied first. */
export function bundleServer(serverDist: string): Promise<void>;
