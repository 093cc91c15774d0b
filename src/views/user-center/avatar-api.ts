import { http } from '../../api/client';
import type { Envelope } from '../../api/types';

/** Uploads one image (multipart field `file`) and makes it the signed-in user's avatar. */
export async function uploadImage(file: File): Promise<Envelope<{ url: string } | null>> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post('/api/file/Uploader/avatar', form, { headers: { 'Content-Type': 'multipart/form-data' } })).data;
}

export async function updateAvatar(avatar: string): Promise<Envelope<{ avatar: string } | null>> {
  return (await http.put('/api/oauth/updateAvatar', { avatar })).data;
}
