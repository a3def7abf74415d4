import { z } from 'zod';

/** Generous bounds that no real name or URL reaches, so oversized input is refused early. */
export const nameSchema = z.string().max(256);
export const imageSchema = z.string().max(2048);
export const callbackUrlSchema = z.string().max(2048);
