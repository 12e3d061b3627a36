import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENT_MEANINGS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookTestDataSchema,
} from '@nursery/domain';
import type { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** The three Standard Webhooks headers every delivery carries. */
const SIGNATURE_HEADERS: JsonSchema[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The delivery: the same on every try of it, so drop one you already have.',
    schema: { type: 'string', example: 'msg_2VQk7cLmXa4RtPz0HbYw9dEf' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this try was signed, in whole seconds since 1970-01-01 UTC.',
    schema: { type: 'string', pattern: '^[0-9]+$', example: '1775917800' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'v1, and the base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body" with the endpoint secret (the bytes after whsec_, base64-decoded). Verify with a Standard Webhooks library.',
    schema: { type: 'string', example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' },
  },
];

/**
 * The OpenAPI document's top-level `webhooks`: one operation per event the shop POSTs to a subscribed endpoint,
 * its body typed with the same schemas as the REST answers (`schemaOf` puts them in the document's components),
 * so a generator types a receiver as it types a client.
 */
export function webhooksSection(schemaOf: (schema: z.ZodType) => JsonSchema): Record<string, JsonSchema> {
  const events: [string, string, z.ZodType][] = [
    ...WEBHOOK_EVENT_TYPES.map((type): [string, string, z.ZodType] => [
      type,
      WEBHOOK_EVENT_MEANINGS[type],
      WEBHOOK_EVENT_DATA[type],
    ]),
    [
      WEBHOOK_TEST_EVENT,
      'Staff pressed Send test event (sent whatever the endpoint subscribed to).',
      webhookTestDataSchema,
    ],
  ];
  return Object.fromEntries(
    events.map(([type, meaning, data]) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: meaning,
          description: `${meaning} Sent to every endpoint subscribed to ${type}, signed as the Standard Webhooks specification says; retried for about three days until it is answered 2xx, in order per order (see docs/integrations.md).`,
          tags: ['Webhooks'],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', const: type },
                    timestamp: {
                      type: 'string',
                      format: 'date-time',
                      description: 'When the change happened (ISO 8601, UTC).',
                    },
                    data: schemaOf(data),
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description:
                'Received: any 2xx answer within 10 seconds delivers the event; do the work after answering.',
            },
            '400': {
              description:
                'Refused (a signature that does not verify, say): like any answer that is not 2xx, the delivery is tried again later.',
            },
          },
        },
      },
    ]),
  );
}
