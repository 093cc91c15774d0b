import { http } from '../../api/client';
import type { Envelope } from '../../api/types';
import { hashPassword } from '../../utils/password-hash';

/** The password form payload (spec §3): both passwords travel hashed, never as typed. */
export async function updatePassword(id: string, userPassword: string, validatePassword: string): Promise<Envelope<null>> {
  const body = { id, userPassword: hashPassword(userPassword), validatePassword: hashPassword(validatePassword) };
  return (await http.put('/api/oauth/updatePassword', body)).data;
}
