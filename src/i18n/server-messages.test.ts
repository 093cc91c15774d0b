import { describe, expect, it } from 'vitest';
import { englishMessage } from './server-messages';

const table = { 字典编码: 'Dictionary Code', 停车场名称: 'Lot Name', 车位编号: 'Space No.' };

describe('server messages in English', () => {
  it('says a known wording in English', () => {
    expect(englishMessage('保存成功', table)).toBe('Saved');
  });

  it('translates a field message with the field title from the pages table', () => {
    expect(englishMessage('字典编码已存在', table)).toBe('Dictionary Code already exists');
    expect(englishMessage('停车场名称不能超过50个字符', table)).toBe('Lot Name must be at most 50 characters');
  });

  it("translates the catalogue's title and the server's message joined by a colon", () => {
    expect(englishMessage('服务错误：车位编号已存在：A001、A002', table)).toBe('Server error: Space No. already exists: A001, A002');
  });

  it('keeps a message it does not know as the server sent it', () => {
    expect(englishMessage('某个新的业务提示', table)).toBe('某个新的业务提示');
  });

  it("says a card's refusals in English, its state by the dictionary's word", () => {
    expect(englishMessage('卡当前状态为“已冻结”，不能续费', { 'dict:已冻结': 'Frozen' })).toBe('The card is Frozen: you cannot renew it');
    expect(englishMessage('车牌粤B12345已在本停车场的月卡YK20240506000001上，不能重复办理', table)).toBe(
      'Plate 粤B12345 is already on monthly card YK20240506000001 of this lot',
    );
  });

  it('says the field rules shown beside a field in English', () => {
    expect(englishMessage('此项不能为空', table)).toBe('This field is required');
    expect(englishMessage('必须是1到500之间的整数', table)).toBe('Must be a whole number from 1 to 500');
    expect(englishMessage('车位编号必须是不小于0的整数', table)).toBe('Space No. must be a whole number of 0 or more');
  });

  it('says a typed number the field does not take, and a lookup that failed, in English', () => {
    expect(englishMessage('金额不能小于0', table)).toBe('The amount cannot be below 0');
    expect(englishMessage('最多2位小数', table)).toBe('At most 2 decimals');
    expect(englishMessage('停车场名称列表加载失败：服务错误：数据库忙', table)).toBe(
      'The list of Lot Name could not be loaded: Server error: 数据库忙',
    );
    expect(englishMessage('选项列表加载失败：接口请求失败', table)).toBe('The options could not be loaded: The request failed');
  });
});
