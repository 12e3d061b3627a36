import path from 'node:path';
import { ShopError } from '@nursery/api';
import {
  createIntegrationClient,
  listIntegrationClients,
  revokeIntegrationClient,
} from '@nursery/api/integrations';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import { type CommandIo, configForCommand, printList, readCommandWords, runIfMain } from './shopCommand.ts';

const USAGE = `Integration clients: programs (an accounting export, a label printer) that call the shop's API with
tokens from the shop's own sign-in, through the OAuth 2.0 client_credentials grant.

Usage:
  pnpm -s integrations add "<name>" --scope read|write [--json]
  pnpm -s integrations list
  pnpm -s integrations revoke <client id>

add prints the client id and its secret, once: only a hash of the secret is kept. --json prints exactly
{"clientId": "...", "clientSecret": "..."}. read may call every staff GET, write every staff call.
revoke stops the client at once: no new tokens, and the tokens it holds are refused.
Works on the database in DATA_DIR (default ./data), whether the shop is running or not.
See docs/integrations.md.`;

/** Who made or revoked a client from here, for the audit columns. */
const COMMAND_LINE = 'command line';

function formatTime(ms: number | null): string {
  return ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
}

export async function runIntegrationsCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CommandIo,
): Promise<number> {
  const parsed = readCommandWords(
    argv,
    { scope: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    USAGE,
    io.err,
  );
  if (!parsed) return 2;
  const [command, argument, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    (command || parsed.values.help ? io.out : io.err)(USAGE);
    return command || parsed.values.help ? 0 : 2;
  }
  const wants: Record<string, string | null> = {
    add: 'a name in quotes',
    list: null,
    revoke: 'one client id',
  };
  if (!(command in wants)) {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  const wanted = wants[command];
  if ((wanted && !argument) || (!wanted && argument) || extra.length > 0) {
    io.err(`${wanted ? `"${command}" needs ${wanted}.` : `"${command}" takes no arguments.`}\n\n${USAGE}`);
    return 2;
  }
  if (command === 'add' && parsed.values.scope === undefined) {
    io.err(`"add" needs --scope read or --scope write.\n\n${USAGE}`);
    return 2;
  }
  if (command !== 'add' && (parsed.values.scope !== undefined || parsed.values.json)) {
    io.err(`--scope and --json belong to "add".\n\n${USAGE}`);
    return 2;
  }

  const config = configForCommand(env, io.err);
  if (!config) return 2;
  if (command === 'add' && !config.oidc.embedded) {
    // The clients get their tokens from the shop's own provider, which does not run beside an external one.
    io.err(
      `OIDC_ISSUER is set (${config.oidc.issuer}): the shop's own token endpoint is off, so an integration client made here could never get a token.\n` +
        'Create a machine-to-machine client at your provider instead, whose tokens carry OIDC_AUDIENCE and the STAFF_ROLE_CLAIM (see docs/integrations.md).',
    );
    return 1;
  }
  // Opening also migrates, so the command works on a fresh data folder; WAL and the busy timeout let it
  // run beside a running shop.
  const database = openDatabase(path.join(config.dataDir, DATABASE_FILE_NAME));
  try {
    const db = database.db;
    switch (command) {
      case 'add': {
        const { client, clientSecret } = createIntegrationClient(
          db,
          { name: argument, scope: parsed.values.scope },
          COMMAND_LINE,
        );
        if (parsed.values.json) {
          io.out(JSON.stringify({ clientId: client.clientId, clientSecret }));
          return 0;
        }
        io.out(`Added integration client "${client.name}" (scope ${client.scope}).`);
        io.out(`Client id:      ${client.clientId}`);
        io.out(`Client secret:  ${clientSecret}`);
        io.out('The secret is shown only now: only a hash of it is kept. Store it where the program runs.');
        io.out(`Token endpoint: ${config.publicUrl}/oidc/token (grant_type=client_credentials, HTTP Basic)`);
        return 0;
      }
      case 'list': {
        printList(io.out, {
          header: ['CLIENT ID', 'NAME', 'SCOPE', 'CREATED (UTC)', 'LAST TOKEN (UTC)', 'STATUS'],
          rows: listIntegrationClients(db).map((c) => [
            c.clientId,
            c.name,
            c.scope,
            formatTime(c.createdAt),
            formatTime(c.lastTokenAt),
            c.revokedAt === null ? 'active' : `revoked ${formatTime(c.revokedAt)}`,
          ]),
          none: 'No integration clients yet. Add one with: pnpm -s integrations add "<name>" --scope read',
        });
        return 0;
      }
      case 'revoke': {
        const revoked = revokeIntegrationClient(db, argument ?? '', COMMAND_LINE);
        io.out(
          `Revoked integration client ${revoked.clientId} ("${revoked.name}"): it gets no new token, and the ones it holds are refused.`,
        );
        return 0;
      }
    }
    return 2;
  } catch (error) {
    if (error instanceof ShopError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    database.close();
  }
}

runIfMain(import.meta.url, runIntegrationsCommand);
