/** Thrown for text that is not a quantity. */
export class QuantitySyntaxError extends Error {
  constructor(readonly text: string) {
    super(`"${text}" is not a size such as 6Mi, 512Ki, 1G or 1048576`);
    this.name = 'QuantitySyntaxError';
  }
}

const SUFFIXES: Record<string, number> = {
  '': 1,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/**
 * Parses a Kubernetes-style quantity (`6Mi`, `1.5Gi`, `500k`, `1048576`) to a whole number of bytes
 * (rounded up), as sizes are written in the spec (`--server.dataProxy.upload.maxSize 6Mi`).
 * @throws QuantitySyntaxError when the text is not a non-negative quantity.
 */
export function parseQuantity(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/.exec(text.trim());
  if (!match) throw new QuantitySyntaxError(text);
  return Math.ceil(Number(match[1]) * (SUFFIXES[match[2] ?? ''] ?? 1));
}

/** A CPU quantity: cores with up to three decimals (`1`, `0.5`, `2.25`) or millicores (`500m`). */
const CPU_QUANTITY = /^(?:(\d+(?:\.\d{1,3})?|\.\d{1,3})|(\d+)m)$/;

/**
 * CPU in millicores from a Kubernetes CPU quantity (`1` is 1000, `500m` is 500, `0.25` is 250), as
 * apps and tasks write their `limits.cpu`.
 * @returns undefined for text that is not one.
 */
export function cpuMillis(text: string): number | undefined {
  const match = CPU_QUANTITY.exec(text.trim());
  if (!match) return undefined;
  if (match[2] !== undefined) return Number(match[2]);
  return Math.round(Number(match[1]) * 1000);
}
