import { request } from 'node:http';

/** What {@link send} answers. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends one request with exactly these headers (fetch would set its own Host and Sec-Fetch-Mode,
 * which the hostile cases must choose).
 */
export function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
