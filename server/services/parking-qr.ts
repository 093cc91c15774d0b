import type { FastifyReply, FastifyRequest } from 'fastify';
import JSZip from 'jszip';
import QRCode from 'qrcode';

/** QR codes of lanes and spaces, and the binary answers (one PNG, or a zip of several). */

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL: the address drivers reach the console at, printed into QR codes */
    publicUrl?: string;
  }
}

/**
 * The origin printed into QR codes: PUBLIC_URL when configured; otherwise the request's own host,
 * where X-Forwarded-Host/Proto count only when the peer is a trusted proxy (TRUST_PROXY), so a
 * client cannot make a printed code point at another site.
 */
export function publicOrigin(req: FastifyRequest): string {
  if (req.server.publicUrl) return req.server.publicUrl.replace(/\/+$/, '');
  return `${req.protocol === 'https' ? 'https' : 'http'}://${req.host || 'localhost'}`;
}

/**
 * What a lane's exit code opens: the public scan-to-exit page (hash route) of the drivers' own
 * light entry, scan.html (codes printed before it, `/#/scanQRcode`, are handed over to it).
 */
export const laneScanUrl = (origin: string, parkingId: string, laneId: string): string =>
  `${origin}/scan.html#/scanQRcode?parkingId=${encodeURIComponent(parkingId)}&laneId=${encodeURIComponent(laneId)}`;

/** A receipt's code: one order's bill, named by its random public token. */
export const orderScanUrl = (origin: string, token: string): string => `${origin}/scan.html#/orderInfoByQRcode?token=${token}`;

/** A group card's code: its details for the company's drivers. */
export const groupCardScanUrl = (origin: string, cardNo: string): string =>
  `${origin}/scan.html#/groupCardInfo?cardNo=${encodeURIComponent(cardNo)}`;

/** An on-street space's code: the same page, naming the space instead of a lane. */
export const spaceScanUrl = (origin: string, parkingId: string, spaceId: string): string =>
  `${origin}/scan.html#/scanQRcode?parkingId=${encodeURIComponent(parkingId)}&spaceId=${encodeURIComponent(spaceId)}`;

export const qrPng = (text: string): Promise<Buffer> =>
  QRCode.toBuffer(text, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });

export interface QrFile {
  name: string;
  text: string;
}

/** RFC 6266: UTF-8 file names (Chinese lot names) in filename*, an ASCII fallback in filename. */
export function attachment(reply: FastifyReply, name: string): void {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply.header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
}

/** One code: a PNG; several: a zip of PNGs named after them. */
export async function sendQrFiles(reply: FastifyReply, files: QrFile[], zipName: string): Promise<Buffer> {
  if (files.length === 1) {
    attachment(reply, `${files[0].name}.png`);
    reply.type('image/png');
    return qrPng(files[0].text);
  }
  const zip = new JSZip();
  const used = new Set<string>();
  for (const f of files) {
    let name = f.name.replace(/[\\/:*?"<>|]/g, '_');
    while (used.has(name)) name += '_';
    used.add(name);
    zip.file(`${name}.png`, await qrPng(f.text));
  }
  attachment(reply, `${zipName}.zip`);
  reply.type('application/zip');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
