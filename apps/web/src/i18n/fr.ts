import { AREAS } from './all-messages.ts';
import type { Catalogue } from './en.ts';

export const fr = Object.assign({}, ...AREAS.map((area) => area.fr)) as Catalogue;
