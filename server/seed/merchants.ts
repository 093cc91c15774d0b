import type { Db } from '../db/database.ts';

/** A few shops around the demo lots, with prepaid balances in cents. */
export async function seedMerchants(tx: Db): Promise<void> {
  await tx.query(`insert into merchant (id, merchant_name, contact_name, contact_phone, parking_ids, balance, enabled_mark) values
    ('m-hac-starbucks', '海岸城星巴克', '林晓', '13800138001', array['p-ns-hac-02'], 1280000, 1),
    ('m-hac-cinema', '海岸城影城', '周宁', '13700137002', array['p-ns-hac-02'], 560050, 1),
    ('m-kjy-canteen', '科技园职工餐厅', '陈立', '15800158003', array['p-ns-kjy-01'], 0, 0)`);
}
