import { makeAutoObservable } from 'mobx';

export type NoticeType = 'success' | 'error' | 'warning' | 'info';

/** A button on a notice, such as 重试 on a request that got no answer. */
export interface NoticeAction {
  label: string;
  run: () => void;
}

export interface Notice {
  id: number;
  type: NoticeType;
  title: string;
  message?: string;
  action?: NoticeAction;
}

export interface ConfirmRequest {
  id: number;
  title: string;
  message: string;
  okText?: string;
  cancelText?: string;
  resolve: (ok: boolean) => void;
}

const NOTICE_MS = 5000;
let seq = 0;

/**
 * Notifications and confirm dialogs for the host (sign-in page included),
 * which must work before and without the amis chunk.
 */
class FeedbackStore {
  notices: Notice[] = [];
  confirms: ConfirmRequest[] = [];

  constructor() {
    makeAutoObservable(this);
  }

  notify(type: NoticeType, title: string, message?: string, durationMs = NOTICE_MS, action?: NoticeAction): number {
    const id = ++seq;
    this.notices.push({ id, type, title, message, action });
    if (durationMs > 0) setTimeout(() => this.dismiss(id), durationMs);
    return id;
  }

  dismiss(id: number) {
    this.notices = this.notices.filter((n) => n.id !== id);
  }

  confirm(message: string, title: string, texts: { okText?: string; cancelText?: string } = {}): Promise<boolean> {
    return new Promise((resolve) => {
      const id = ++seq;
      this.confirms.push({ id, title, message, ...texts, resolve });
    });
  }

  answer(id: number, ok: boolean) {
    const request = this.confirms.find((c) => c.id === id);
    this.confirms = this.confirms.filter((c) => c.id !== id);
    request?.resolve(ok);
  }
}

export const feedback = new FeedbackStore();
