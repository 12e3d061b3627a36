import { afterAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_READS } from './anonymousReads.ts';
import { RawJson } from './rawJson.ts';
import { openTestShop } from './testing/testShop.ts';
import { PUBLIC_PROCEDURES } from './trpc.ts';

const test = openTestShop();
afterAll(() => test.close());

/** The value an answer stands for, as JSON would carry it (a RawJson by its text). */
const asSent = (answer: unknown) =>
  JSON.parse(answer instanceof RawJson ? answer.json : JSON.stringify(answer)) as unknown;

describe('anonymous reads', () => {
  it('are public procedures only', () => {
    for (const path of ANONYMOUS_READS.keys()) expect(PUBLIC_PROCEDURES.has(path), path).toBe(true);
  });

  it('answer what the procedure answers an anonymous caller without input', async () => {
    const caller = test.caller() as unknown as Record<string, Record<string, () => Promise<unknown>>>;
    for (const [path, read] of ANONYMOUS_READS) {
      const [group = '', name = ''] = path.split('.');
      const procedure = caller[group]?.[name];
      expect(procedure, path).toBeTypeOf('function');
      const viaProcedure = await procedure?.();
      expect(asSent(read(test.shop)), path).toEqual(asSent(viaProcedure));
    }
  });

  it('keep the staff-only parts of settings from visitors', () => {
    test.shop.database.sqlite
      .prepare("update settings set value = 'owner@example.com' where name = 'ProductStockEmails'")
      .run();
    const settings = asSent(ANONYMOUS_READS.get('settings.all')?.(test.shop)) as {
      name: string;
      value: string;
    }[];
    const emails = settings.find((s) => s.name === 'ProductStockEmails');
    expect(emails?.value).toBe('');
  });
});
