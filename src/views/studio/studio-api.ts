import { http } from '../../api/client';
import type { Envelope } from '../../api/types';

/** The page studio's calls (/api/studio, server/routes/studio.ts). */

export interface StudioPage {
  urlAddress: string;
  page: Record<string, unknown>;
  /** the newest saved version (0: never saved); a save names it as the one it started from */
  version: number;
  source: 'repo' | 'site' | 'studio' | 'draft' | 'template';
  canSave: boolean;
}

export interface PageProblem {
  path: string;
  message: string;
}

export interface VersionRow {
  version: number;
  draft: boolean;
  restoredFrom: number | null;
  account: string;
  createdAt: string;
}

export interface DiffLine {
  op: ' ' | '+' | '-';
  text: string;
}

/** Refusals the studio shows itself (problems, a newer version): not the console's generic notice. */
const quiet = { quietErrors: true };

const q = (urlAddress: string) => `urlAddress=${encodeURIComponent(urlAddress)}`;

export async function openPage(urlAddress: string): Promise<Envelope<StudioPage>> {
  return (await http.get(`/api/studio/Page?${q(urlAddress)}`, quiet)).data;
}

export async function checkPage(urlAddress: string, page: unknown): Promise<Envelope<{ problems: PageProblem[] }>> {
  return (await http.post('/api/studio/Check', { urlAddress, page }, quiet)).data;
}

export async function savePage(
  urlAddress: string,
  page: unknown,
  baseVersion: number,
  draft: boolean,
): Promise<Envelope<{ version?: number; problems?: PageProblem[] } | null>> {
  return (await http.post('/api/studio/Save', { urlAddress, page, baseVersion, draft }, quiet)).data;
}

export async function listVersions(urlAddress: string): Promise<Envelope<{ list: VersionRow[] }>> {
  return (await http.get(`/api/studio/Versions?${q(urlAddress)}`, quiet)).data;
}

export async function diffVersion(
  urlAddress: string,
  version: number,
): Promise<Envelope<{ previous: DiffLine[]; repo: DiffLine[] | null }>> {
  return (await http.get(`/api/studio/Diff?${q(urlAddress)}&version=${version}`, quiet)).data;
}

export async function rollback(urlAddress: string, version: number, baseVersion: number): Promise<Envelope<{ version: number } | null>> {
  return (await http.post('/api/studio/Rollback', { urlAddress, version, baseVersion }, quiet)).data;
}

export async function menuDirectories(): Promise<Envelope<{ list: { id: string; fullName: string; enCode: string }[] }>> {
  return (await http.get('/api/studio/Directories', quiet)).data;
}

export async function addToMenu(entry: {
  parentId: string;
  fullName: string;
  enCode: string;
  urlAddress: string;
}): Promise<Envelope<{ id: string; path: string } | null>> {
  return (await http.post('/api/studio/Menu', entry, quiet)).data;
}
