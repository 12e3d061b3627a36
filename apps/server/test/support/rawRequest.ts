import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole body, as UTF-8 text. */
  text: string;
}

/**
 * One request over node:http for the tests that decide how its body goes out (fetch only sends a whole
 * body at once): `send` gets the request as soon as it is made, to end it, write part of a body and the
 * rest later, or only flush the headers. Settles with the whole answer once it has ended; the request is
 * destroyed then, so a body that was announced and never sent does not hold its connection open.
 */
export function rawRequest(
  url: string,
  options: http.RequestOptions,
  send: (request: http.ClientRequest) => void,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
      });
    });
    request.on('error', reject);
    send(request);
  });
}
