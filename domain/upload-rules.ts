/** The spec's image-upload rules (§5), as a pure check over the files a user picked. */

export const UPLOAD_MESSAGES = {
  type: '文件格式不正确，请上传png/jpg图片格式文件!',
  comma: '文件名不正确，不能包含英文逗号!',
  size: (mb: number) => `上传头像图片大小不能超过 ${mb} MB!`,
  count: (max: number) => `上传文件数量不能超过 ${max} 个!`,
  failed: '上传图片失败，请重试',
  singleTip: '只能上传1张图片',
};

export interface UploadRules {
  /** extensions without dot; default png, jpg */
  accept?: string[];
  maxSizeMb?: number;
  maxCount?: number;
}

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

const MIME_BY_EXT: Record<string, string[]> = { png: ['image/png'], jpg: ['image/jpeg', 'image/jpg'], jpeg: ['image/jpeg'] };

export function acceptsType(file: PickedFile, accept: string[] = ['png', 'jpg']): boolean {
  const exts = accept.flatMap((e) => (e === 'jpg' ? ['jpg', 'jpeg'] : [e]));
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const mimes = exts.flatMap((e) => MIME_BY_EXT[e] ?? []);
  return exts.includes(ext) || mimes.includes(file.type);
}

/** The first rule the selection breaks, as the message to show, or null when all files may be uploaded. */
export function checkUpload(files: PickedFile[], alreadyUploaded: number, rules: UploadRules = {}): string | null {
  const maxCount = rules.maxCount ?? 5;
  const maxSizeMb = rules.maxSizeMb ?? 5;
  if (alreadyUploaded + files.length > maxCount) return UPLOAD_MESSAGES.count(maxCount);
  for (const file of files) {
    if (!acceptsType(file, rules.accept)) return UPLOAD_MESSAGES.type;
    if (file.name.includes(',')) return UPLOAD_MESSAGES.comma;
    if (file.size > maxSizeMb * 1024 * 1024) return UPLOAD_MESSAGES.size(maxSizeMb);
  }
  return null;
}

/** Image lists travel as comma-separated strings. */
export function splitImages(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function joinImages(urls: string[]): string {
  return urls.join(',');
}
