/**
 * What a first start prints while it creates and seeds a database (some 35 s on a new machine), so
 * that `npm start` never looks stuck: one line per step, numbered, with the time so far. On a
 * terminal the line is rewritten in place; in a log (CI, a pipe) each step is a line of its own.
 */
export interface Progress {
  /** a step begins: `[3/14] lanes` */
  step(label: string): void;
  /** the step's result, added to its line: `106,240 orders` */
  note(text: string): void;
  /** every step done: the closing line */
  end(summary: string): void;
}

export interface ProgressOutput {
  write(text: string): void;
  /** a terminal: the line is rewritten in place */
  isTTY?: boolean;
}

/** Does nothing: tests and servers whose database is already there. */
export const SILENT: Progress = { step() {}, note() {}, end() {} };

export function progressLine(total: number, out: ProgressOutput = process.stdout, now: () => number = Date.now): Progress {
  const started = now();
  let index = 0;
  let current = '';
  const seconds = () => `${((now() - started) / 1000).toFixed(1)} s`;
  const show = (text: string, final = false) => {
    if (out.isTTY) out.write(`\r\x1b[2K${text}${final ? '\n' : ''}`);
    else out.write(`${text}\n`);
  };
  return {
    step(label) {
      index++;
      current = `First start: [${index}/${total}] ${label}`;
      show(`${current}… (${seconds()})`);
    },
    note(text) {
      show(`${current}: ${text} (${seconds()})`);
    },
    end(summary) {
      show(`First start: ${summary} in ${seconds()}`, true);
    },
  };
}
