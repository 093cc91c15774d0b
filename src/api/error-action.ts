import type { ErrorAction } from './error-catalogue';
import { sessionEvents } from './session-events';
import { feedback } from '../feedback/feedback-store';
import { localizeMessage } from '../i18n/server-messages';
import { tf } from '../i18n';

/**
 * What the console does for a failure the error catalogue classified, whichever client saw it:
 * the axios client (client.ts) and the sign-in page's fetch calls (form-post.ts) share it.
 */

/** Requests never time out sooner than this (a large export may take long); both clients use it. */
export const REQUEST_TIMEOUT_MS = 1_200_000;

/** A request that changes data: a refusal is shown where the user is (error-catalogue.ts). */
export const isWrite = (method: string | undefined): boolean => !!method && method.toLowerCase() !== 'get';

/** A notice's text followed by the request's id, which a user can quote to the operators (server logs carry it). */
export function withRequestId(message: string, requestId: string | undefined): string;
export function withRequestId(message: string | undefined, requestId: string | undefined): string | undefined;
export function withRequestId(message: string | undefined, requestId: string | undefined): string | undefined {
  if (!requestId) return message;
  return `${message ?? ''}${tf('error.requestId', { id: requestId })}`;
}

export function performErrorAction(action: ErrorAction, quiet = false) {
  switch (action.kind) {
    case 'session-expired':
      sessionEvents().expired();
      break;
    case 'unauthorized':
      sessionEvents().unauthorized();
      break;
    case 'forbidden':
      sessionEvents().forbidden();
      break;
    case 'notify':
      if (!quiet) feedback.notify('error', localizeMessage(action.title), withRequestId(localizeMessage(action.message), action.requestId));
      break;
  }
}
