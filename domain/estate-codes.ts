/**
 * Codes of the parking estate and the system screens, with the words the forms, lists, dictionaries
 * and the server's messages use (server/seed/system-dicts.ts seeds a dictionary of each).
 */

export const AREA_LEVEL: Record<number, string> = { 1: '行政区', 2: '街道', 3: '路段', 4: '停车场', 5: '场内分区' };

/** What a lane does with a car that is not a member (no card, not on a list). */
export const NON_MEMBER_POLICY: Record<number, string> = { 1: '放行收费', 2: '禁止通行', 3: '人工确认' };

export const MENU_TYPE: Record<number, string> = { 1: '目录', 2: '页面', 7: '外链' };

/** Where a menu entry opens. */
export const LINK_TARGET = { _self: '当前窗口', _blank: '新窗口' } as const;

/** A device's or a pile's heartbeat: heard from lately or not. */
export const ONLINE_STATE: Record<number, string> = { 1: '在线', 0: '离线' };

export const LOGIN_RESULT: Record<number, string> = { 1: '成功', 0: '失败' };

export const USER_STATUS: Record<number, string> = { 1: '启用', 0: '禁用' };
