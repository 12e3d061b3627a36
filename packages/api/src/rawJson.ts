/**
 * An answer serialized once: the REST adapter sends `json` as it is, and tRPC's own JSON.stringify reaches
 * `value` through toJSON, so both paths skip rebuilding a large list. An answer that arrives already as text
 * (an order written on the order writer's thread) is parsed only if something asks for its value.
 */
export class RawJson<T> {
  readonly json: string;
  /** The value; null until asked for, for an answer made from its text. */
  private known: { value: T } | null;
  constructor(value: T) {
    this.known = { value };
    this.json = JSON.stringify(value);
  }
  /** The answer whose text this is: the caller vouches that it was serialized from a T. */
  static fromJson<T>(json: string): RawJson<T> {
    const answer = Object.create(RawJson.prototype) as RawJson<T>;
    (answer as { json: string }).json = json;
    answer.known = null;
    return answer;
  }
  get value(): T {
    this.known ??= { value: JSON.parse(this.json) as T };
    return this.known.value;
  }
  toJSON(): T {
    return this.value;
  }
}

/**
 * An answer read for one request in pieces (exports/readInPieces.ts) and never kept: a staff
 * pick list or season report. Its text is sent as it is; unlike a kept RawJson it is compressed as a stream,
 * a piece at a time, since compressing megabytes in one go would hold the server's loop.
 */
export class FreshJson<T> extends RawJson<T> {
  static override fromJson<T>(json: string): FreshJson<T> {
    return Object.setPrototypeOf(RawJson.fromJson<T>(json), FreshJson.prototype) as FreshJson<T>;
  }
}
