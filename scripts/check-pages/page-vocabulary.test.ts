import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPages, type CheckInput } from './check.ts';
import { inlineRefs } from '../../domain/pages/check/prepare-page.ts';

function bundle(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pages-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const input = (bundles: string[], root: string): CheckInput => ({
  bundles,
  routes: [
    { method: 'GET', url: '/api/system/Parking' },
    { method: 'GET', url: '/api/system/ParkingLane' },
    { method: 'POST', url: '/api/system/ParkingLane' },
    { method: 'PUT', url: '/api/system/ParkingLane/:id' },
    { method: 'GET', url: '/api/dictDetail' },
  ],
  permissionCodes: new Set(['lane:add']),
  menuPages: [],
  root,
});

const laneForm = {
  type: 'form',
  body: [
    { $fragment: 'lot-select', required: true },
    { type: 'select', name: 'direction', label: '方向', dict: 'lane_direction' },
  ],
};
const lanes = {
  type: 'page',
  definitions: { 'lane-form': laneForm },
  body: {
    type: 'crud',
    api: 'get:/api/system/ParkingLane',
    filter: { body: [{ $fragment: 'lot-select', label: false, placeholder: '停车场' }] },
    headerToolbar: [
      {
        type: 'button',
        label: '新增',
        actionType: 'dialog',
        visibleOn: "${HAS_PERM('lane:add')}",
        dialog: { type: 'dialog', title: '新增', body: { type: 'form', $ref: 'lane-form', api: 'post:/api/system/ParkingLane' } },
      },
    ],
    columns: [{ name: 'direction', label: '方向', type: 'mapping', dict: 'lane_direction' }],
  },
};
const lotSelect = { type: 'select', name: 'parkingId', label: '所属停车场', lots: 'all' };

describe('check:pages sees the page amis gets', () => {
  it('passes a page built from fragments, $ref and the vocabulary; fragment files are not pages', () => {
    const dir = bundle({ 'p/lanes.json': lanes, '_fragments/lot-select.json': lotSelect, '_routes.json': { routes: [] } });
    expect(checkPages(input([dir], dir))).toEqual({ files: 1, problems: [] });
  });

  it('checks what a definition says where it is used', () => {
    const bad = { ...lanes, definitions: { 'lane-form': { ...laneForm, titel: 'x' } } };
    const dir = bundle({ 'p/lanes.json': bad, '_fragments/lot-select.json': lotSelect });
    expect(checkPages(input([dir], dir)).problems).toEqual([
      { file: 'p/lanes.json', path: '/body/headerToolbar/0/dialog/body/titel', message: 'unknown property "titel"' },
    ]);
  });

  it('checks a fragment inside each page that uses it', () => {
    const dir = bundle({ 'p/lanes.json': lanes, '_fragments/lot-select.json': { ...lotSelect, lots: 'parking' } });
    const { problems } = checkPages(input([dir], dir));
    expect(problems.map((p) => p.message)).toContain('"lots" is one of "all", "space", "lane", "charge"');
  });

  it('names a missing fragment with the line of the reference, and a malformed one with its own file', () => {
    const missing = bundle({ 'p/lanes.json': lanes });
    expect(checkPages(input([missing], missing)).problems).toEqual([
      { file: 'p/lanes.json', path: '', message: expect.stringMatching(/^_fragments: line \d+, column \d+: 片段 "lot-select" 不存在/) },
    ]);
    const malformed = bundle({ 'p/lanes.json': lanes, '_fragments/lot-select.json': '{\n  "type": oops\n}' });
    expect(checkPages(input([malformed], malformed)).problems).toEqual([
      { file: '_fragments/lot-select.json', path: '', message: expect.stringMatching(/^_fragments: line 2, column 11: /) },
    ]);
  });

  it('a site bundle’s fragment wins over the default one', () => {
    const site = bundle({ '_fragments/lot-select.json': { ...lotSelect, titel: 'x' } });
    const defaults = bundle({ 'p/lanes.json': lanes, '_fragments/lot-select.json': lotSelect });
    const { problems } = checkPages(input([site, defaults], defaults));
    expect(problems.map((p) => p.message)).toContain('unknown property "titel"');
  });

  it('names a $ref without a definition', () => {
    expect(inlineRefs({ type: 'page', body: { $ref: 'nowhere' } }).problems).toEqual([
      { path: '/body/$ref', message: 'no definition "nowhere" in the page\'s definitions' },
    ]);
  });

  it('asks for the type beside a $ref: a dialog lays out a form body before amis resolves it', () => {
    const page = { type: 'page', definitions: { f: { type: 'form', body: [] } }, body: { type: 'dialog', body: { $ref: 'f' } } };
    expect(inlineRefs(page).problems).toEqual([{ path: '/body/body/$ref', message: 'write "type": "form" beside "$ref": "f"' }]);
  });

  it('inlines a definition that refers to itself once', () => {
    const page = {
      type: 'page',
      definitions: { tree: { type: 'combo', name: 'children', items: [{ type: 'combo', $ref: 'tree' }] } },
      body: { type: 'combo', $ref: 'tree' },
    };
    expect(inlineRefs(page).page.body).toEqual({ type: 'combo', name: 'children', items: [{ type: 'combo' }] });
  });
});
