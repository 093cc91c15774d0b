/**
 * An unplated car's entry pass (its order's public token), kept on the phone that scanned in, one per
 * lot: the exit lane's code sends it so the server can tell which stay the unplated car at the
 * barrier is. Storage that fails (private mode, a full quota) keeps nothing and says nothing: the
 * exit page then asks for the staff, as for a lost phone.
 */

const key = (parkingId: string) => `pp-passport:${parkingId}`;
const TOKEN_RE = /^[0-9a-f]{32}$/;

export function readPassport(
  parkingId: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): string | undefined {
  try {
    const token = storage?.getItem(key(parkingId)) ?? '';
    return TOKEN_RE.test(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

export function keepPassport(
  parkingId: string,
  token: string,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(key(parkingId), token);
  } catch {
    // nothing kept: see above
  }
}
