import { useState, type ChangeEvent } from 'react';
import { runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { userStore } from '../../stores/user-store';
import { feedback } from '../../feedback/feedback-store';
import { checkUpload } from '../../../domain/upload-rules';
import { safeUrl } from '../../../domain/field-rules';
import { t } from '../../i18n';
import { updateAvatar, uploadImage } from './avatar-api';

/** Pick one png/jpg (≤ 5 MB), preview it, upload it and make it the avatar. */
export const AvatarUpload = observer(function AvatarUpload() {
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  // the stored address is data: an image only from a link or an in-app path
  const avatar = preview ?? safeUrl(userStore.user?.avatar);

  async function onPick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkUpload([file], 0, { maxCount: 1 });
    if (problem) {
      feedback.notify('error', problem);
      return;
    }
    const local = URL.createObjectURL(file);
    setPreview(local);
    setBusy(true);
    try {
      const up = await uploadImage(file);
      if (up.code !== 200 || !up.data) throw new Error(up.msg);
      const saved = await updateAvatar(up.data.url);
      if (saved.code !== 200) throw new Error(saved.msg);
      runInAction(() => {
        if (userStore.user) userStore.user = { ...userStore.user, avatar: up.data!.url };
      });
      feedback.notify('success', t('userCenter.avatarSaved'));
    } catch (err) {
      // a non-200 code shows the server message (spec §8)
      feedback.notify('error', err instanceof Error && err.message ? err.message : t('upload.failed'));
    } finally {
      setPreview(null);
      URL.revokeObjectURL(local);
      setBusy(false);
    }
  }

  return (
    <div className="pc-avatar">
      {avatar ? (
        <img className="pc-avatar__img" src={avatar} alt={t('userCenter.avatar')} data-testid="avatar-preview" />
      ) : (
        <div className="pc-avatar__img pc-avatar__empty" />
      )}
      <label className={`pc-btn${busy ? ' is-busy' : ''}`}>
        {t('userCenter.upload')}
        <input
          type="file"
          accept="image/png,image/jpeg,.png,.jpg"
          hidden
          disabled={busy}
          onChange={(e) => void onPick(e)}
          data-testid="avatar-input"
        />
      </label>
      <div className="pc-avatar__hint">{t('userCenter.avatarHint')}</div>
    </div>
  );
});
