import path from 'node:path';
import {
  countStaffAccounts,
  createStaffAccount,
  findStaffAccountByEmail,
  listStaffAccounts,
  removeStaffAccount,
  resetStaffPassword,
  revokeOidcPayloadsOfAccount,
  StaffAccountError,
} from '@nursery/api/staff';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import { configForCommand, printList, readCommandWords } from './shopCommand.ts';

const USAGE = `Staff accounts of the shop's own sign-in (used when OIDC_ISSUER is not set).

Usage:
  pnpm staff add <email> [--name "<full name>"] [--password-stdin]
  pnpm staff list
  pnpm staff remove <email>
  pnpm staff reset-password <email> [--password-stdin]

Without --password-stdin a one-time password is generated and printed once; its owner chooses their
own password at the next sign-in.
Works on the database in DATA_DIR (default ./data), whether the shop is running or not.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  // One line: the password as typed, without the newline a shell adds.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function formatTime(ms: number | null): string {
  return ms === null ? 'never' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
}

export async function runStaffCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: { out: (text: string) => void; err: (text: string) => void; stdin: () => Promise<string> },
): Promise<number> {
  const parsed = readCommandWords(
    argv,
    {
      name: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    `${USAGE}\n`,
    io.err,
  );
  if (!parsed) return 2;
  const [command, email, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    io.out(`${USAGE}\n`);
    return command || parsed.values.help ? 0 : 2;
  }
  const needsEmail = ['add', 'remove', 'reset-password'].includes(command);
  if (!['add', 'list', 'remove', 'reset-password'].includes(command)) {
    io.err(`Unknown command "${command}".\n\n${USAGE}\n`);
    return 2;
  }
  if ((needsEmail && !email) || (!needsEmail && email) || extra.length > 0) {
    io.err(
      `${needsEmail ? `"${command}" needs one e-mail address.` : `"${command}" takes no arguments.`}\n\n${USAGE}\n`,
    );
    return 2;
  }

  const config = configForCommand(env, io.err, '\n');
  if (!config) return 2;
  if (!config.oidc.embedded) {
    io.err(
      `Note: OIDC_ISSUER is set (${config.oidc.issuer}), so staff sign in there; these accounts are used only without it.\n`,
    );
  }
  const password = parsed.values['password-stdin'] ? (await io.stdin()).replace(/\r?\n$/, '') : undefined;
  // Opening also migrates: the command works on a fresh data folder as well. WAL and the busy timeout let
  // it run beside a running shop.
  const database = openDatabase(path.join(config.dataDir, DATABASE_FILE_NAME));
  try {
    const db = database.db;
    switch (command) {
      case 'add': {
        const created = await createStaffAccount(db, {
          email: email ?? '',
          name: parsed.values.name,
          password,
        });
        io.out(
          `Added staff account ${created.account.email}${created.account.fullName ? ` (${created.account.fullName})` : ''}.\n`,
        );
        if (password === undefined) {
          io.out(`One-time password (shown only now): ${created.password}\n`);
          io.out('They choose their own password when they first sign in.\n');
        }
        return 0;
      }
      case 'list': {
        const list = {
          header: ['E-MAIL', 'NAME', 'CREATED (UTC)', 'LAST SIGN-IN (UTC)'],
          rows: listStaffAccounts(db).map((a) => [
            a.email,
            a.fullName || '-',
            formatTime(a.createdAt),
            formatTime(a.lastSignInAt),
          ]),
          none: 'No staff accounts yet. Add one with: pnpm staff add <email>',
        };
        printList(io.out, list, '\n');
        return 0;
      }
      case 'remove': {
        // With the shop's own sign-in the last account is the only way into the admin area: removing it
        // would leave the shop without anybody who can sign in until someone reads the server's next start.
        const target = findStaffAccountByEmail(db, email ?? '');
        if (config.oidc.embedded && target && countStaffAccounts(db) <= 1) {
          io.err(
            `${target.email} is the only staff account: without it nobody can sign in to the admin area.\n` +
              'Add the new account first (pnpm staff add <email>), then remove this one; or give it a new password ' +
              `with: pnpm staff reset-password ${target.email}\n`,
          );
          return 1;
        }
        const removed = removeStaffAccount(db, email ?? '');
        revokeOidcPayloadsOfAccount(db, String(removed.staffId));
        io.out(`Removed staff account ${removed.email}; its sessions are ended.\n`);
        return 0;
      }
      case 'reset-password': {
        const reset = await resetStaffPassword(db, email ?? '', password);
        // A new password ends the sessions opened with the old one.
        revokeOidcPayloadsOfAccount(db, String(reset.account.staffId));
        io.out(`New password set for ${reset.account.email}; its sessions are ended.\n`);
        if (password === undefined) {
          io.out(`One-time password (shown only now): ${reset.password}\n`);
          io.out('They choose their own password when they next sign in.\n');
        }
        return 0;
      }
    }
    return 2;
  } catch (error) {
    if (error instanceof StaffAccountError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    database.close();
  }
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  // `pnpm staff` runs inside apps/server; a relative DATA_DIR means the folder the command was typed in,
  // the same one `pnpm start` at the repository root uses.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  runStaffCommand(process.argv.slice(2), process.env, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    stdin: readStdin,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
