import { z } from 'zod';
import { oneLine } from '../http/one-line.ts';

/** Generous bounds that no real name or URL reaches, so oversized input is refused early. */
export const nameSchema = oneLine(z.string().max(256));
export const imageSchema = oneLine(z.string().max(2048));
export const callbackUrlSchema = oneLine(z.string().max(2048));
