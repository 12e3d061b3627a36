import { z } from 'zod';
import { INTEGRATION_SCOPES } from '../schemas/integrations.ts';

/** What the shop shows about an integration client: never its secret (only a hash of it is kept). */
export const integrationClientSchema = z
  .object({
    clientId: z.string().describe('The client id, as sent to the token endpoint (client_secret_basic).'),
    name: z.string().describe('What staff called it; written beside every change it makes.'),
    scope: z
      .enum(INTEGRATION_SCOPES)
      .describe('read: every staff GET; write: every staff call except managing integration clients.'),
    createdAt: z.number().int().describe('Milliseconds since 1970-01-01 UTC.'),
    createdBy: z.string().describe('The staff member (or "command line") who created it.'),
    lastTokenAt: z
      .number()
      .int()
      .nullable()
      .describe('When it last got an access token (milliseconds since 1970-01-01 UTC); null: never.'),
    revokedAt: z
      .number()
      .int()
      .nullable()
      .describe('When it was revoked (milliseconds since 1970-01-01 UTC); null while it works.'),
    revokedBy: z.string().nullable(),
  })
  .meta({ id: 'IntegrationClient' });
export type IntegrationClient = z.infer<typeof integrationClientSchema>;

/** A new client with its secret: the only time the secret is ever shown. */
export const newIntegrationClientSchema = z
  .object({
    client: integrationClientSchema,
    clientSecret: z.string().describe('Shown once: only a hash of it is kept.'),
  })
  .meta({ id: 'NewIntegrationClient' });
export type NewIntegrationClient = z.infer<typeof newIntegrationClientSchema>;
