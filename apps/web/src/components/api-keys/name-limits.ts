/** A key's name, as the server counts it (docs/protocol/api-key-client.md#limits). */
export const MAX_NAME_LENGTH = 32;

/** The name to send: trimmed, and at least one character left. */
export const usableName = (typed: string): string | null => {
  const name = typed.trim();
  return name.length >= 1 && name.length <= MAX_NAME_LENGTH ? name : null;
};
