import type { useTranslation } from './language.ts';

/** The `t` of useTranslation, for helpers that turn codes into words outside a component. */
export type Translate = ReturnType<typeof useTranslation>['t'];
