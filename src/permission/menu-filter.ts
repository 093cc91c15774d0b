import type { MenuItem } from '../api/types';

/** A menu entry may name button codes in its propertyJson: `{"permission": ["finance:view"]}`. */
export function menuPermission(item: MenuItem): string[] {
  if (!item.propertyJson) return [];
  try {
    const props = JSON.parse(item.propertyJson) as { permission?: unknown };
    if (typeof props.permission === 'string') return [props.permission];
    return Array.isArray(props.permission) ? props.permission.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * The menu tree without entries whose permission the user lacks (the same check as HAS_PERM
 * and <Permission>), and without directories left empty by that.
 */
export function visibleMenus(menus: MenuItem[], can: (codes: string[]) => boolean): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of menus) {
    const codes = menuPermission(item);
    if (codes.length && !can(codes)) continue;
    if (item.children?.length) {
      const children = visibleMenus(item.children, can);
      if (!children.length && item.type === 1) continue;
      out.push({ ...item, children, hasChildren: children.length > 0 });
    } else out.push(item);
  }
  return out;
}
