/** Spec §9: an 11-digit number shows its first 3 and last 4 digits. */
export function maskPhone(phone: string | undefined): string {
  if (!phone) return '';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
