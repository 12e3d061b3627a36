/**
 * An answer serialized once and kept: the REST adapter sends `json` as it is, and tRPC's own
 * JSON.stringify reaches `value` through toJSON, so both paths skip rebuilding a large list.
 */
export class RawJson<T> {
  readonly json: string;
  readonly value: T;
  constructor(value: T) {
    this.value = value;
    this.json = JSON.stringify(value);
  }
  toJSON(): T {
    return this.value;
  }
}
