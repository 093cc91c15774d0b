import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
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
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      // not through a link, and only into a file of the server's own user that nobody else may read:
      // a file someone else made first in a shared folder would hand them every code
      const handle = await open(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
      try {
        const { uid } = await handle.stat();
        if (typeof process.getuid === 'function' && uid !== process.getuid()) throw new Error(`${file} belongs to another user`);
        await handle.chmod(0o600);
        // one line a message; tabs and line breaks in a text would split it
        const line = [new Date().toISOString(), to, text].map((s) => s.replace(/[\t\r\n]+/g, ' ')).join('\t');
        await handle.appendFile(`${line}\n`);
      } finally {
        await handle.close();
      }
    },
  };
}
