import { z } from 'zod';
import { countSchema, isoInstantSchema, textSchema } from './common';

/** GET /api/health: what is running, and whether it reaches Firestore. No secret, no configuration. */
export const healthAnswerSchema = z
  .object({
    status: z.literal('ok'),
    version: textSchema.meta({ description: "APP_VERSION when the deploy sets one, else the functions package's version" }),
    revision: textSchema.nullable().meta({ description: 'The Cloud Run revision serving the request (null off Cloud Run)' }),
    firestore: z.object({ reachable: z.literal(true), latencyMs: countSchema }),
    checkedAt: isoInstantSchema,
  })
  .meta({ id: 'HealthAnswer' });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
