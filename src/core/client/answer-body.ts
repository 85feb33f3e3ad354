/**
 * Reading an answer's body at most so far: for every answer of a server this process does not control — a node's
 * (http.ts) and a multisignature server's (services/multisig/transports.ts) — so that none can fill the process's
 * memory with one answer (docs/design/security.md "Remote nodes").
 */

/** The answer outgrew its limit: the caller reports it as the server's bad answer. */
export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is longer than ${maxBytes} bytes`);
  }
}

/** The body as text, read at most `maxBytes` far (the declared length is trusted only to refuse early). */
export async function readCappedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new AnswerTooLarge(maxBytes);
  }
  if (response.body === null) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new AnswerTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
