/** Shell routes that exist for every signed-in user, whatever the menu says (spec §2). */
export const STATIC_SHELL_PATTERNS: RegExp[] = [
  /^\/dashboard$/,
  /^\/user\/center$/,
  /^\/parkingAdmin\/add\/[^/]+$/,
  /^\/OrderManagement\/parkingRecordOrderInfo\/[^/]+$/,
  /^\/redirect\/.+$/,
];

export function isStaticShellPath(path: string): boolean {
  return STATIC_SHELL_PATTERNS.some((re) => re.test(path));
}
