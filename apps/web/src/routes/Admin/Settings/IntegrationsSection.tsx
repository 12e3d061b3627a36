import {
  formatDateTime,
  INTEGRATION_NAME_MAX_LENGTH,
  type IntegrationScope,
  type NewIntegrationClient,
} from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { useSingleFlight } from '../../../lib/singleFlight';
import { useSiteConfig } from '../../../lib/site';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { revokeQuestion, SECRET_SHOWN_ONCE } from './integrationTexts';
import { SecretShownOnce } from './SecretShownOnce';
import './integrations.css';
import { LoadFailed } from '../../../components/LoadFailed';

const SCOPE_TEXT: Record<IntegrationScope, string> = {
  read: 'read (may only read)',
  write: 'write (may also change things)',
};

/**
 * Settings → Integrations: programs that call the REST API on their own (docs/integrations.md). Staff create a
 * client and see its secret this once, list the clients (never a secret) and revoke them.
 */
export function IntegrationsSection() {
  const queryClient = useQueryClient();
  const timeZone = useSiteConfig().data?.shop.timeZone ?? 'UTC';
  const clients = useQuery(trpc.integrations.list.queryOptions());
  const [name, setName] = useState('');
  const [scope, setScope] = useState<IntegrationScope>('read');
  // The new client's secret lives here only, until Done or leaving the screen: never in a query's cache.
  const [created, setCreated] = useState<NewIntegrationClient | null>(null);
  const once = useSingleFlight();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.list.queryKey() });

  const add = useMutation({
    ...trpc.integrations.add.mutationOptions({
      onSuccess: (answer) => {
        setCreated(answer);
        setName('');
        void refresh();
      },
      onError: showApiFailure,
    }),
    // The answer holds the secret: it is not kept in the mutation cache once this screen lets it go.
    gcTime: 0,
  });
  const revoke = useMutation(
    trpc.integrations.revoke.mutationOptions({
      onSuccess: (client) => {
        notify.success(`${client.name} is revoked.`);
        void refresh();
      },
      onError: showApiFailure,
    }),
  );

  return (
    <section className="card settings-integrations" aria-labelledby="settings-integrations-title">
      <div className="card-body">
        <h2 id="settings-integrations-title">Integrations</h2>
        <p className="text-muted">
          Programs that call the shop’s REST API on their own, like a nightly order export or a label printer.
          Each gets a client id and a secret, and trades them for a token (the client_credentials grant at
          /oidc/token). Every call it makes is logged with its name.
        </p>
        <form
          className="integration-add"
          onSubmit={(e) => {
            e.preventDefault();
            once(() => add.mutateAsync({ name, scope }));
          }}
        >
          <div className="integration-field">
            {/* Not just "Name": the Settings page has other name fields (a saved message's). */}
            <label className="form-label" htmlFor="integration-name">
              Client name
            </label>
            <input
              id="integration-name"
              className="form-control"
              value={name}
              maxLength={INTEGRATION_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              placeholder="Nightly order export"
              autoComplete="off"
            />
          </div>
          <div className="integration-field">
            <label className="form-label" htmlFor="integration-scope">
              Client scope
            </label>
            <select
              id="integration-scope"
              className="form-control"
              value={scope}
              onChange={(e) => setScope(e.target.value === 'write' ? 'write' : 'read')}
            >
              <option value="read">{SCOPE_TEXT.read}</option>
              <option value="write">{SCOPE_TEXT.write}</option>
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending ? 'Creating...' : 'Create Client'}
          </button>
        </form>

        {created ? (
          <SecretShownOnce
            id="integration"
            title={`Secret of ${created.client.name}`}
            warning={SECRET_SHOWN_ONCE}
            label="Client secret"
            secret={created.clientSecret}
            before={
              <>
                <dt>Client id</dt>
                <dd>
                  <code data-testid="new-client-id">{created.client.clientId}</code>
                </dd>
              </>
            }
            onDone={() => {
              setCreated(null);
              add.reset();
            }}
          />
        ) : null}

        {clients.isPending ? (
          <p>Loading...</p>
        ) : clients.isError ? (
          <LoadFailed what="The integration clients" retry={() => clients.refetch()} />
        ) : clients.data.length === 0 ? (
          <p className="text-muted">No integration clients yet.</p>
        ) : (
          <div className="table-cards integration-clients">
            <div className="table-wrap">
              <table className="table" data-testid="integration-clients">
                <caption className="visually-hidden">Integration clients</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Scope</th>
                    <th scope="col">Client id</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last token</th>
                    <th scope="col">Revoked</th>
                  </tr>
                </thead>
                <tbody>
                  {clients.data.map((client) => (
                    <tr key={client.clientId}>
                      <td data-label="Name">{client.name}</td>
                      <td data-label="Scope">{client.scope}</td>
                      <td data-label="Client id">
                        <code>{client.clientId}</code>
                      </td>
                      <td data-label="Created">
                        {formatDateTime(client.createdAt, timeZone)} by {client.createdBy}
                      </td>
                      <td data-label="Last token">
                        {client.lastTokenAt === null ? 'never' : formatDateTime(client.lastTokenAt, timeZone)}
                      </td>
                      <td data-label="Revoked">
                        {client.revokedAt !== null ? (
                          `${formatDateTime(client.revokedAt, timeZone)}${client.revokedBy ? ` by ${client.revokedBy}` : ''}`
                        ) : (
                          <button
                            type="button"
                            className="btn btn-sm btn-danger"
                            aria-label={`Revoke ${client.name}`}
                            disabled={revoke.isPending}
                            onClick={async () => {
                              const yes = await confirm(revokeQuestion(client.name), {
                                title: 'Revoke integration client',
                                confirmText: 'Revoke',
                                tone: 'danger',
                              });
                              if (yes) revoke.mutate({ clientId: client.clientId });
                            }}
                          >
                            Revoke
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
