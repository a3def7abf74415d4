import { createElement, Fragment, type ReactNode } from 'react';

/**
 * A translated text with some of its `{name}` placeholders filled by elements (a bold name, an
 * address that may wrap), wherever the language puts them. Other placeholders stay as they are.
 */
export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/(\{\w+\})/g).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in elements ? elements[name] : part;
  });
  // Positional children need no keys.
  return createElement(Fragment, null, ...parts);
}
