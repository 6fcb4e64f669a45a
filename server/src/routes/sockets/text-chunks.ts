/**
 * Console frames carry at most `maxBytes` of UTF-8 text (wire-contract §4.2 /console). Lines
 * are packed whole where they fit; a longer line is cut at character boundaries.
 */
export function chunkText(lines: readonly string[], maxBytes: number): string[] {
  const chunks: string[] = [];
  let current = '';
  let currentBytes = 0;
  const flush = () => {
    if (current !== '') chunks.push(current);
    current = '';
    currentBytes = 0;
  };
  for (const line of lines) {
    const bytes = Buffer.byteLength(line, 'utf8');
    if (currentBytes + bytes <= maxBytes) {
      current += line;
      currentBytes += bytes;
      continue;
    }
    flush();
    if (bytes <= maxBytes) {
      current = line;
      currentBytes = bytes;
      continue;
    }
    for (const char of line) {
      const charBytes = Buffer.byteLength(char, 'utf8');
      if (currentBytes + charBytes > maxBytes) flush();
      current += char;
      currentBytes += charBytes;
    }
  }
  flush();
  return chunks;
}
