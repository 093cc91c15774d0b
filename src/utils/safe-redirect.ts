/**
 * Accept only in-app paths as a post-login target, so a crafted link cannot
 * send a signed-in user to another site.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  let target: string;
  try {
    target = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  if (!target.startsWith('/') || target.startsWith('//')) return fallback;
  if (/[\\\s]/.test(target) || /^\/*[a-z][a-z0-9+.-]*:/i.test(target)) return fallback;
  if (target.startsWith('/login')) return fallback;
  return target;
}
