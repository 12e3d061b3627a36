import type { RestRoute } from '../restRoute.ts';

const tag = 'Integrations';

// Staff only, and never an integration client itself (peopleProcedure in the router).
export const integrationsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Integrations/GetIntegrationClients',
    procedure: 'integrations.list',
    input: 'none',
    summary: 'Integration clients (programs that get tokens with client_credentials), never their secrets.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Integrations/AddIntegrationClient',
    procedure: 'integrations.add',
    refusals: ['conflict'],
    input: 'body',
    summary:
      'Creates an integration client {name, scope: read|write}; its secret is answered this once only.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Integrations/RevokeIntegrationClient',
    procedure: 'integrations.revoke',
    input: 'body',
    summary:
      'Revokes an integration client {clientId}: no new tokens, and the ones it holds stop working at once.',
    tag,
  },
];
