/**
 * The live data's `hints.default_password` speaks of the login the browser uses, which on a
 * companion is the companion's own (its own security settings), not the device's. These put
 * the companion's answer in place of the device's; everything else stays as the device sent it.
 */

/** A live data frame or answer with the companion's hint; other shapes are left alone. */
export function withOwnPasswordHint<T extends { hints?: unknown }>(
  status: T,
  defaultPassword: boolean,
): T {
  const { hints } = status;
  if (typeof hints !== 'object' || hints === null || Array.isArray(hints)) return status;
  return { ...status, hints: { ...hints, default_password: defaultPassword } };
}

/** The same for a relayed JSON body; a body that is not a JSON object is passed on unchanged. */
export function bodyWithOwnPasswordHint(body: Buffer, defaultPassword: boolean): Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const changed = withOwnPasswordHint(parsed as { hints?: unknown }, defaultPassword);
  return changed === parsed ? body : Buffer.from(JSON.stringify(changed));
}
