import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_TREE } from '../../server/seed/menu-tree';
import { DICTS } from '../../server/seed/system-dicts';
import { FILTER_BUTTONS, LIST_DEFAULTS } from '../../domain/pages/vocabulary';
import { FORM_INVALID_MESSAGE } from '../../domain/field-rules';
import { hasCjk, parseTable, translateText, untranslatedTexts } from '../../src/i18n/page-texts';

const BUNDLE = join(__dirname, '../../pages-json');
const table = parseTable(JSON.parse(readFileSync(join(BUNDLE, '_i18n/en-US.json'), 'utf8')));

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_i18n' ? [] : pageFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

const pages = pageFiles(BUNDLE).map((path) => relative(BUNDLE, path));

describe('en-US translation table', () => {
  it.each(pages)('translates every Chinese text of %s', (file) => {
    const page = JSON.parse(readFileSync(join(BUNDLE, file), 'utf8'));
    expect(untranslatedTexts(page, table)).toEqual([]);
  });

  it('translates every menu and button name of the seeded menu (sidebar, role grant tree)', () => {
    const buttons = (page: (typeof MENU_TREE)[number]['pages'][number]) => (page.buttons ?? []).map(([, name]) => name);
    const names = MENU_TREE.flatMap((dir) => [dir.fullName, ...dir.pages.flatMap((page) => [page.fullName, ...buttons(page)])]);
    expect(names.length).toBeGreaterThan(40);
    expect(untranslatedTexts(names, table)).toEqual([]);
  });

  it('translates every label of the seeded dictionaries', () => {
    // the dictionaries of the built screens; ones added later by other work may lag behind
    const built =
      'road_type parking_type parking_kind price_type space_type space_status lane_direction qr_type qr_status device_type plate_color order_status pay_channel enabled_mark ' +
      'oper_action oper_module vehicle_type fee_window_kind fee_free_mode fee_boundary fee_ladder_scope fee_after_grace coupon_kind coupon_from link_target ' +
      'arrears_status arrears_age notice_channel notice_status hunt_scope';
    const labels = DICTS.filter(([name]) => built.split(' ').includes(name)).flatMap(([, , entries]) => entries.map(([, label]) => label));
    expect(labels.filter((label) => /[\u4e00-\u9fff]/.test(translateText(label, table, 'dict')))).toEqual([]);
  });

  it('translates the texts the page vocabulary adds to every list', () => {
    expect(untranslatedTexts([LIST_DEFAULTS.placeholder, ...FILTER_BUTTONS.map((b) => b.label), FORM_INVALID_MESSAGE], table)).toEqual([]);
  });

  it('translates the site titles of every brand', () => {
    const config = JSON.parse(readFileSync(join(__dirname, '../../public/app-config.json'), 'utf8'));
    const titles = [config.siteTitle, ...Object.values(config.brands ?? {}).map((b) => (b as { siteTitle: string }).siteTitle)];
    expect(untranslatedTexts(titles, table)).toEqual([]);
  });

  it('has no translation that is still Chinese', () => {
    expect(Object.entries(table).filter(([, en]) => hasCjk(en))).toEqual([]);
  });
});
