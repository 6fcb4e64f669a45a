// The contract compiles without DOM or Node types; TextEncoder is a global of both.
declare const TextEncoder: new () => { encode(input: string): { length: number } };

const encoder = new TextEncoder();

/**
 * Length of `text` in UTF-8 bytes, as the device's fixed C string buffers count it (a lone
 * surrogate counts 3, as U+FFFD). Browser-safe stand-in for Node's Buffer.byteLength.
 */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
