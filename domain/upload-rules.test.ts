import { describe, expect, it } from 'vitest';
import { checkUpload, joinImages, splitImages, UPLOAD_MESSAGES } from './upload-rules';

const png = (name = 'a.png', size = 1000) => ({ name, type: 'image/png', size });

describe('upload rules', () => {
  it('accepts png and jpg by MIME type or by extension', () => {
    expect(checkUpload([png(), { name: 'b.JPG', type: '', size: 10 }, { name: 'c', type: 'image/jpeg', size: 10 }], 0)).toBeNull();
  });
  it('rejects other types with the spec message', () => {
    expect(checkUpload([{ name: 'a.gif', type: 'image/gif', size: 10 }], 0)).toBe('文件格式不正确，请上传png/jpg图片格式文件!');
  });
  it('rejects a name with an English comma', () => {
    expect(checkUpload([png('a,b.png')], 0)).toBe('文件名不正确，不能包含英文逗号!');
  });
  it('rejects files over 5 MB', () => {
    expect(checkUpload([png('big.png', 5 * 1024 * 1024 + 1)], 0)).toBe('上传头像图片大小不能超过 5 MB!');
  });
  it('rejects more than 5 files in all', () => {
    expect(checkUpload([png(), png()], 4)).toBe('上传文件数量不能超过 5 个!');
    expect(checkUpload([png(), png()], 3)).toBeNull();
  });
  it('honours a single-image limit', () => {
    expect(checkUpload([png()], 1, { maxCount: 1 })).toBe(UPLOAD_MESSAGES.count(1));
  });
  it('keeps image lists as comma-separated strings', () => {
    expect(splitImages('/a.png, /b.png,')).toEqual(['/a.png', '/b.png']);
    expect(splitImages(null)).toEqual([]);
    expect(joinImages(['/a.png', '/b.png'])).toBe('/a.png,/b.png');
  });
});
