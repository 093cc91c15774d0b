/** The demo templates of the seeded merchants (server/seed/merchants.ts): what each shop gives at its lot. */

export interface Tpl {
  id: string;
  merchantId: string;
  name: string;
  lots: string[];
  type: number;
  face: number;
  cap: number;
  days: number;
  stock: number;
  limit: number;
  stackable: number;
  enabled: number;
}

const HAC = ['p-ns-hac-02'];
const KJY = ['p-ns-kjy-01'];
export const TEMPLATES: Tpl[] = [
  {
    id: 'ct-sbux-300',
    merchantId: 'm-hac-starbucks',
    name: '星巴克3元停车券',
    lots: HAC,
    type: 1,
    face: 300,
    cap: 300,
    days: 7,
    stock: 5000,
    limit: 5,
    stackable: 1,
    enabled: 1,
  },
  {
    id: 'ct-sbux-500',
    merchantId: 'm-hac-starbucks',
    name: '星巴克5元停车券',
    lots: HAC,
    type: 1,
    face: 500,
    cap: 500,
    days: 7,
    stock: 3000,
    limit: 5,
    stackable: 1,
    enabled: 1,
  },
  {
    id: 'ct-sbux-60',
    merchantId: 'm-hac-starbucks',
    name: '星巴克1小时停车券',
    lots: HAC,
    type: 2,
    face: 60,
    cap: 1000,
    days: 30,
    stock: 800,
    limit: 2,
    stackable: 1,
    enabled: 1,
  },
  {
    id: 'ct-cinema-300',
    merchantId: 'm-hac-cinema',
    name: '影城3元停车券',
    lots: HAC,
    type: 1,
    face: 300,
    cap: 300,
    days: 7,
    stock: 4000,
    limit: 5,
    stackable: 1,
    enabled: 1,
  },
  {
    id: 'ct-cinema-500',
    merchantId: 'm-hac-cinema',
    name: '影城观影5元券',
    lots: HAC,
    type: 1,
    face: 500,
    cap: 500,
    days: 7,
    stock: 2000,
    limit: 5,
    stackable: 1,
    enabled: 1,
  },
  {
    id: 'ct-cinema-free',
    merchantId: 'm-hac-cinema',
    name: '影城会员全免券',
    lots: HAC,
    type: 3,
    face: 0,
    cap: 3000,
    days: 1,
    stock: 300,
    limit: 1,
    stackable: 0,
    enabled: 1,
  },
  {
    id: 'ct-cinema-800',
    merchantId: 'm-hac-cinema',
    name: '影城8折停车券',
    lots: HAC,
    type: 4,
    face: 800,
    cap: 1500,
    days: 14,
    stock: 1000,
    limit: 2,
    stackable: 1,
    enabled: 1,
  },
  {
    id: 'ct-canteen-300',
    merchantId: 'm-kjy-canteen',
    name: '职工餐厅3元券',
    lots: KJY,
    type: 1,
    face: 300,
    cap: 300,
    days: 3,
    stock: 0,
    limit: 1,
    stackable: 1,
    enabled: 0,
  },
];
