/** The first two bytes of an answer's body: 'PK' begins a zip archive (its first local file header). */
export async function archiveSignature(response: Response): Promise<string> {
  return Buffer.from(await response.arrayBuffer())
    .subarray(0, 2)
    .toString('latin1');
}
