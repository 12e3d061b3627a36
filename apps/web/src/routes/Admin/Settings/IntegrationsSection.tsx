import {
  formatDateTime,
  INTEGRATION_NAME_MAX_LENGTH,
  type IntegrationClient,
  type IntegrationScope,
} from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useShopTimeZone } from '../../../lib/site';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { revokeQuestion, SECRET_SHOWN_ONCE } from './integrationTexts';
import { SecretShownOnce } from './SecretShownOnce';
import './integrations.css';
import { CardTable } from '../../../components/CardTable';
import { Field } from '../../../components/Field';
import { Loaded } from '../../../components/Loaded';
import { AddField, AddForm, useAddWithSecret } from './AddForm';

const SCOPE_TEXT: Record<IntegrationScope, string> = {
  read: 'read (may only read)',
  write: 'write (may also change things)',
};

const CREATE = ['Create Client', 'Creating...'] as const;

/**
 * Settings → Integrations: programs that call the REST API on their own (docs/integrations.md). Staff create a
 * client and see its secret this once, list the clients (never a secret) and revoke them.
 */
export function IntegrationsSection() {
  const queryClient = useQueryClient();
  const timeZone = useShopTimeZone();
  const clients = useQuery(trpc.integrations.list.queryOptions());
  const [name, setName] = useState('');
  const [scope, setScope] = useState<IntegrationScope>('read');
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.list.queryKey() });
  const { add, created, done } = useAddWithSecret(trpc.integrations.add.mutationOptions(), () => {
    setName('');
    void refresh();
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
        <AddForm className="integration-add" mutation={add} input={{ name, scope }} action={CREATE}>
          {/* Not just "Name": the Settings page has other name fields (a saved message's). */}
          <AddField
            id="integration-name"
            label="Client name"
            state={[name, setName]}
            maxLength={INTEGRATION_NAME_MAX_LENGTH}
            placeholder="Nightly order export"
          />
          <Field id="integration-scope" label="Client scope" className="integration-field">
            <select
              id="integration-scope"
              className="form-control"
              value={scope}
              onChange={(e) => setScope(e.target.value === 'write' ? 'write' : 'read')}
            >
              <option value="read">{SCOPE_TEXT.read}</option>
              <option value="write">{SCOPE_TEXT.write}</option>
            </select>
          </Field>
        </AddForm>

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
            onDone={done}
          />
        ) : null}

        <Loaded query={clients} what="The integration clients" empty="No integration clients yet.">
          {(list) => (
            <CardTable
              className="integration-clients"
              testId="integration-clients"
              caption="Integration clients"
              columns={['Name', 'Scope', 'Client id', 'Created', 'Last token', 'Revoked']}
            >
              {list.map((client) => (
                <ClientRow key={client.clientId} client={client} timeZone={timeZone} revoke={revoke} />
              ))}
            </CardTable>
          )}
        </Loaded>
      </div>
    </section>
  );
}

function ClientRow(props: {
  client: IntegrationClient;
  timeZone: string;
  revoke: { mutate: (input: { clientId: string }) => void; isPending: boolean };
}) {
  const { client, timeZone, revoke } = props;
  return (
    <tr>
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
          <ConfirmButton
            aria-label={`Revoke ${client.name}`}
            disabled={revoke.isPending}
            question={revokeQuestion(client.name)}
            title="Revoke integration client"
            confirmText="Revoke"
            onConfirm={() => revoke.mutate({ clientId: client.clientId })}
          >
            Revoke
          </ConfirmButton>
        )}
      </td>
    </tr>
  );
}
