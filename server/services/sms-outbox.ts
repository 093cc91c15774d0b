import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Where the reference server's text messages go. It has no SMS gateway: a message it would send
 * (a sign-in code) is appended to an outbox file that only the server's user may read, the demo's
 * stand-in for the phone. Never to the log: a code in the log would let anyone who reads the log
 * sign in as the account's owner.
 */
export interface SmsOutbox {
  /** the outbox's file, or none (an in-memory server: the message is dropped) */
  file?: string;
  send(to: string, text: string): Promise<void>;
}

export function createSmsOutbox(file?: string): SmsOutbox {
  return {
    file,
    async send(to, text) {
      if (!file) return;
      await mkdir(dirname(file), { recursive: true });
      // one line a message; tabs and line breaks in a text would split it
      const line = [new Date().toISOString(), to, text].map((s) => s.replace(/[\t\r\n]+/g, ' ')).join('\t');
      await appendFile(file, `${line}\n`, { mode: 0o600 });
    },
  };
}
