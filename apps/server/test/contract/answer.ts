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

/** A live answer as the contract checks it, read from a clone so the client still reads the response itself. */
export async function answerOf(method: string, path: string, response: Response): Promise<Answer> {
  return {
    method,
    path,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: await response.clone().text(),
    firstBytes: Buffer.from(await response.clone().arrayBuffer())
      .subarray(0, 512)
      .toString('hex'),
  };
}
