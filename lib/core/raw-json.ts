/**
 * A response body that is already JSON text (entity documents read from PostgreSQL and joined),
 * sent as is: the hot read routes skip parsing and re-serialising what the database produced.
 */
export class RawJson {
  constructor(readonly text: string) {}

  parse<T>(): T {
    return JSON.parse(this.text) as T;
  }
}
