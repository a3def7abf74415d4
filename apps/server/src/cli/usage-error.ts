/** A command line the CLI does not understand: it prints the usage and exits with code 2. */
export class UsageError extends Error {}
