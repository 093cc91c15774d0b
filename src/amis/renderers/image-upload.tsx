import { Component, createRef } from 'react';
import { FormItem, type FormControlProps } from 'amis';
import { uploadFile } from '../../api/upload';
import { checkUpload, joinImages, splitImages, UPLOAD_MESSAGES } from '../../../domain/upload-rules';
import { ImageThumbs } from './image-thumbs';
import './renderers.css';

interface ImageUploadProps extends FormControlProps {
  /** POST target; answers {code, msg, data: {url}} */
  uploadUrl?: string;
  maxCount?: number;
  maxSize?: number;
  accept?: string[];
  /** one image only, with the spec's tip */
  single?: boolean;
}

interface State {
  busy: boolean;
}

/**
 * `{"type": "pc-image-upload", "name": "photos"}`: png/jpg, 5 MB, at most 5 files; the value is a
 * comma-separated string of URLs. A busy overlay stays until every picked file is done or one fails.
 */
class ImageUpload extends Component<ImageUploadProps, State> {
  state: State = { busy: false };
  private input = createRef<HTMLInputElement>();

  private get maxCount() {
    return this.props.single ? 1 : (this.props.maxCount ?? 5);
  }

  private async uploadOne(file: File): Promise<string> {
    let answer: Awaited<ReturnType<typeof uploadFile>> | undefined;
    try {
      answer = await uploadFile(file, this.props.uploadUrl, true);
    } catch {
      throw new Error(UPLOAD_MESSAGES.failed);
    }
    if (answer?.code !== 200 || !answer.data?.url) throw new Error(answer?.msg || UPLOAD_MESSAGES.failed);
    return answer.data.url;
  }

  private onPick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!files.length) return;
    const current = splitImages(this.props.value);
    const problem = checkUpload(files, current.length, {
      maxCount: this.maxCount,
      maxSizeMb: this.props.maxSize,
      accept: this.props.accept,
    });
    if (problem) {
      this.props.env.notify('error', problem);
      return;
    }
    this.setState({ busy: true });
    try {
      const urls = await Promise.all(files.map((f) => this.uploadOne(f)));
      this.props.onChange(joinImages([...current, ...urls]));
    } catch (error) {
      this.props.env.notify('error', error instanceof Error ? error.message : UPLOAD_MESSAGES.failed);
    } finally {
      this.setState({ busy: false });
    }
  };

  private remove = (url: string) => {
    this.props.onChange(joinImages(splitImages(this.props.value).filter((u) => u !== url)));
  };

  render() {
    const { disabled, single } = this.props;
    const urls = splitImages(this.props.value);
    return (
      <div className="pc-upload">
        <ImageThumbs urls={urls} onRemove={disabled ? undefined : this.remove} />
        {urls.length < this.maxCount && !disabled ? (
          <button type="button" className="pc-upload__add" onClick={() => this.input.current?.click()} aria-label="上传图片">
            +
          </button>
        ) : null}
        <input
          ref={this.input}
          type="file"
          hidden
          multiple={!single}
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          onChange={this.onPick}
          data-testid="image-upload-input"
        />
        <div className="pc-upload__tip">
          {single ? UPLOAD_MESSAGES.singleTip : `支持 png/jpg，单张不超过 ${this.props.maxSize ?? 5} MB，最多 ${this.maxCount} 张`}
        </div>
        {this.state.busy ? (
          <div className="pc-upload__busy" role="status">
            上传中...
          </div>
        ) : null}
      </div>
    );
  }
}

export const ImageUploadRenderer = FormItem({ type: 'pc-image-upload' })(ImageUpload);
