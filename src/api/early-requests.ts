/**
 * Requests a signed-in start makes from the first chunk, before the console's chunk (and axios)
 * arrive: the answers are there when the code that needs them runs, instead of being asked for
 * then. Each answer is taken once; a later ask goes to the network as usual.
 */
const early = new Map<string, Promise<Response>>();

export function requestEarly(url: string, init?: RequestInit): void {
  if (early.has(url)) return;
  const answer = fetch(url, init);
  // nobody may take it (the guard sends the user elsewhere): a failure is not an unhandled one
  answer.catch(() => undefined);
  early.set(url, answer);
}

/** The early answer for `url`, once; undefined when none was asked for or it was taken. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const answer = early.get(url);
  early.delete(url);
  return answer;
}

/** `fetch`, answered by the early request for the same address when there is one (and it reached the server). */
export function fetchTakingEarly(url: string, init?: RequestInit): Promise<Response> {
  return takeEarly(url)?.catch(() => fetch(url, init)) ?? fetch(url, init);
}
