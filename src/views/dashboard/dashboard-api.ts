import { http } from '../../api/client';
import type { Envelope } from '../../api/types';
import type { DashboardAnswer } from '../../../domain/dashboard';

/** GET /api/dashboard: the cards and to-dos the signed-in user may see. */
export async function fetchDashboard(): Promise<DashboardAnswer> {
  const body = (await http.get<Envelope<DashboardAnswer>>('/api/dashboard', { quietErrors: true })).data;
  if (body.code !== 200) throw new Error(body.msg || `HTTP ${body.code}`);
  return body.data;
}
