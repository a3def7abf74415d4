import { AREAS } from './all-messages.ts';

type Area = (typeof AREAS)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type English = UnionToIntersection<Area['en']>;

/**
 * The app's words in English, the catalogue every other language must match key for key.
 * `{name}` marks a value filled in when the text is used.
 */
export const en = Object.assign({}, ...AREAS.map((area) => area.en)) as English;

export type MessageKey = keyof English;
export type Catalogue = Record<MessageKey, string>;
