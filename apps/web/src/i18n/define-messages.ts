/**
 * One area's words in every language, side by side. English decides the keys; German and French
 * must have exactly the same ones (`NoInfer` keeps them from widening the key set), so a missing
 * or misspelt key is a type error in the area's own file.
 */
export function defineMessages<const Key extends string>(messages: {
  en: Record<Key, string>;
  de: Record<NoInfer<Key>, string>;
  fr: Record<NoInfer<Key>, string>;
}) {
  return messages;
}
