/** One live answer of the contract client, kept apart from client.ts so the test can name it before types exist. */
export interface Answer {
  method: string;
  /** The path as the document names it. */
  path: string;
  status: number;
  contentType: string;
  body: string;
  /** The body's first bytes, hex: a file's signature, which the text (a BOM dropped, bytes replaced) loses. */
  firstBytes: string;
}
