import Database from 'better-sqlite3';
import { and, desc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { bareInsert, bareSelect, boundLimit } from './prepared.ts';

const plants = sqliteTable('plants', {
  plantId: integer('plant_id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  isStatic: integer('is_static', { mode: 'boolean' }).notNull(),
  source: text('source').notNull(),
  note: text('note'),
});

describe('bareInsert', () => {
  it('stores what drizzle stores: booleans as 0/1, constants, nulls; answers the new id', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec(
      'create table plants (plant_id integer primary key autoincrement, name text not null, is_static integer not null, source text not null, note text)',
    );
    const db = drizzle(sqlite);
    const values = {
      name: sql.placeholder('name'),
      isStatic: sql.placeholder('isStatic'),
      source: 'online',
      note: sql.placeholder('note'),
    };
    const viaDrizzle = db.insert(plants).values(values).returning({ id: plants.plantId }).prepare();
    const bare = bareInsert<{ name: string; isStatic: boolean; note: string | null }>(
      sqlite,
      db.insert(plants).values(values).returning({ id: plants.plantId }),
    );
    const bareRun = bareInsert<{ name: string; isStatic: boolean; note: string | null }>(
      sqlite,
      db.insert(plants).values(values),
    );
    expect(viaDrizzle.get({ name: 'Oak', isStatic: true, note: null })).toEqual({ id: 1 });
    expect(bare.get({ name: 'Oak', isStatic: true, note: null })).toBe(2);
    expect(bare.get({ name: 'Pine', isStatic: false, note: 'tall' })).toBe(3);
    expect(bareRun.get({ name: 'Fir', isStatic: false, note: null })).toBe(4);
    expect(bareRun.run({ name: 'Yew', isStatic: true, note: null }).changes).toBe(1);
    expect(sqlite.prepare('select * from plants order by plant_id').raw().all()).toEqual([
      [1, 'Oak', 1, 'online', null],
      [2, 'Oak', 1, 'online', null],
      [3, 'Pine', 0, 'online', 'tall'],
      [4, 'Fir', 0, 'online', null],
      [5, 'Yew', 1, 'online', null],
    ]);
    expect(db.select().from(plants).all()[1]).toEqual({
      plantId: 2,
      name: 'Oak',
      isStatic: true,
      source: 'online',
      note: null,
    });
    sqlite.close();
  });

  it('maps a RETURNING of several columns as drizzle does (booleans back to true and false)', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec(
      'create table plants (plant_id integer primary key autoincrement, name text not null, is_static integer not null, source text not null, note text)',
    );
    const db = drizzle(sqlite);
    const { plantId, name, isStatic, note } = plants;
    const fields = { plantId, name, isStatic, note };
    const values = {
      name: sql.placeholder('name'),
      isStatic: sql.placeholder('isStatic'),
      source: 'online',
      note: sql.placeholder('note'),
    };
    const viaDrizzle = db.insert(plants).values(values).returning(fields).prepare();
    const bare = bareInsert<{ name: string; isStatic: boolean; note: string | null }, unknown>(
      sqlite,
      db.insert(plants).values(values).returning(fields),
      fields,
    );
    for (const row of [
      { name: 'Oak', isStatic: true, note: null },
      { name: 'Pine', isStatic: false, note: 'tall' },
    ]) {
      const drizzled = viaDrizzle.get(row);
      expect(bare.get(row)).toEqual({ ...drizzled, plantId: (drizzled?.plantId ?? 0) + 1 });
    }
    sqlite.close();
  });
});

describe('bareSelect', () => {
  it('answers the rows drizzle answers, named values and constants bound, booleans read back as true and false', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec(
      'create table plants (plant_id integer primary key autoincrement, name text not null, is_static integer not null, source text not null, note text)',
    );
    const db = drizzle(sqlite);
    db.insert(plants)
      .values([
        { name: 'Oak', isStatic: true, source: 'online', note: null },
        { name: 'Pine', isStatic: false, source: 'online', note: 'tall' },
        { name: 'Fir', isStatic: false, source: 'counter', note: null },
        { name: 'Yew', isStatic: true, source: 'online', note: 'slow' },
      ])
      .run();
    const fields = {
      plantId: plants.plantId,
      isStatic: plants.isStatic,
      note: plants.note,
      name: plants.name,
    };
    const query = db
      .select(fields)
      .from(plants)
      .where(and(eq(plants.source, 'online'), sql`${plants.plantId} > ${sql.placeholder('after')}`))
      .orderBy(desc(plants.plantId))
      .limit(boundLimit('limit'));
    const bare = bareSelect<{ after: number; limit: number }, unknown>(sqlite, query, fields);
    for (const values of [
      { after: 0, limit: 10 },
      { after: 1, limit: 1 },
      { after: 4, limit: 5 },
    ]) {
      expect(bare.all(values)).toEqual(query.all(values));
    }
    expect(bare.all({ after: 0, limit: 10 })).toEqual([
      { plantId: 4, isStatic: true, note: 'slow', name: 'Yew' },
      { plantId: 2, isStatic: false, note: 'tall', name: 'Pine' },
      { plantId: 1, isStatic: true, note: null, name: 'Oak' },
    ]);
    sqlite.close();
  });
});
