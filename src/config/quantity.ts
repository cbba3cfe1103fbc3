/** Thrown for text that is not a quantity. */
export class QuantitySyntaxError extends Error {
  constructor(readonly text: string) {
    super(`"${text}" is not a size such as 6Mi, 512Ki, 1G or 1048576`);
    this.name = 'QuantitySyntaxError';
  }
}

/**
 * Bytes per unit of each suffix, as exact integers: the binary ones (`Ki` = 2^10 ... `Ei` = 2^60) and the
 * decimal ones (`k` = 10^3 ... `E` = 10^18), as Kubernetes' resource quantities define them.
 */
const SUFFIXES: Record<string, bigint> = Object.fromEntries([
  ['', 1n],
  ...['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'].map((suffix, i) => [suffix, 2n ** (10n * BigInt(i + 1))]),
  ...['k', 'M', 'G', 'T', 'P', 'E'].map((suffix, i) => [suffix, 10n ** (3n * BigInt(i + 1))]),
]);

/**
 * Parses a Kubernetes-style quantity (`6Mi`, `1.5Gi`, `500k`, `1048576`) to a whole number of bytes
 * (rounded up), as sizes are written in the spec (`--server.dataProxy.upload.maxSize 6Mi`).
 * @throws QuantitySyntaxError when the text is not a non-negative quantity.
 */
export function parseQuantity(text: string): number {
  const match = /^(\d+)(?:\.(\d+))?(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/.exec(text.trim());
  if (!match) throw new QuantitySyntaxError(text);
  // In integers, so that 2.007k is 2007 and not 2007.0000000000002 rounded up to 2008.
  const [, whole = '0', fraction = '', suffix = ''] = match;
  const unit = SUFFIXES[suffix] ?? 1n;
  const scale = 10n ** BigInt(fraction.length);
  const numerator = BigInt(whole + fraction) * unit;
  return Number((numerator + scale - 1n) / scale);
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
