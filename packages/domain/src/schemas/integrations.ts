import { z } from 'zod';
import { asOneLine } from '../textLines.ts';

/**
 * What an integration client may do: `read` calls every staff GET (a bookkeeper's export), `write` every
 * staff call (a script that updates stock). Managing integration clients is for people only.
 */
export const INTEGRATION_SCOPES = ['read', 'write'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

export const INTEGRATION_NAME_MAX_LENGTH = 80;

export const addIntegrationClientInputSchema = z.object({
  name: z
    .string({ error: 'Give the integration a name, like "Nightly order export".' })
    .transform(asOneLine)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: 'Give the integration a name, like "Nightly order export".' })
        .max(INTEGRATION_NAME_MAX_LENGTH, {
          error: `The name can be at most ${INTEGRATION_NAME_MAX_LENGTH} characters.`,
        }),
    ),
  scope: z.enum(INTEGRATION_SCOPES, {
    error: 'Choose the scope: read (it may only read) or write (it may also change things).',
  }),
});
export type AddIntegrationClientInput = z.infer<typeof addIntegrationClientInputSchema>;

/** Client ids the shop makes: `int_` and 20 letters or digits (see the integrations service). */
export const integrationClientIdSchema = z
  .string({ error: 'Send the clientId of the integration client.' })
  .trim()
  .regex(/^int_[A-Za-z0-9]{20}$/, {
    error: 'That is not an integration client id (they look like int_ followed by 20 letters and digits).',
  })
  .meta({ examples: ['int_7cQk2Vd9LmXa4RtPz0Hb'] });

export const revokeIntegrationClientInputSchema = z.object({ clientId: integrationClientIdSchema });
