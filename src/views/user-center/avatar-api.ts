import { http } from '../../api/client';
import type { Envelope } from '../../api/types';
import { uploadFile } from '../../api/upload';

/** Uploads one image to the avatar target; updateAvatar then makes it the signed-in user's avatar. */
export function uploadImage(file: File): Promise<Envelope<{ url: string } | null>> {
  return uploadFile(file, '/api/file/Uploader/avatar');
}

export async function updateAvatar(avatar: string): Promise<Envelope<{ avatar: string } | null>> {
  return (await http.put('/api/oauth/updateAvatar', { avatar })).data;
}
