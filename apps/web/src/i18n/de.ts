import { AREAS } from './all-messages.ts';
import type { Catalogue } from './en.ts';

export const de = Object.assign({}, ...AREAS.map((area) => area.de)) as Catalogue;
