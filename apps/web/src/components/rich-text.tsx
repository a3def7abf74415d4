import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements in it (`Signed in as {email}.` with the address in bold):
 * each `{name}` is replaced by the node given for it, wherever the language put it.
 */
export function RichText({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  const parts = text.split(/\{(\w+)\}/);
  // split with one capture group alternates text and names: even indexes are text, odd are names.
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move.
          <Fragment key={index}>{part in values ? values[part] : `{${part}}`}</Fragment>
        ),
      )}
    </>
  );
}
