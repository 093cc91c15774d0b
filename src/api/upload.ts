import { http } from './client';
import type { Envelope } from './types';

/** Uploads one file (multipart field `file`); the server answers `{code, msg, data: {url}}`. */
export async function uploadFile(
  file: File,
  url = '/api/file/Uploader/image',
  quietErrors = false,
): Promise<Envelope<{ url: string } | null>> {
  const form = new FormData();
  form.append('file', file);
  return (await http.post(url, form, { quietErrors, headers: { 'Content-Type': 'multipart/form-data' } })).data;
}
