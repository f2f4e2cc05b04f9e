import { getConfig } from '@/lib/config';

export type QrFormat = 'png' | 'svg';

/**
 * The address of a link's QR image (GET /api/v1/links/{id}/qr.png|qr.svg). The API draws it, so the
 * merchant's page needs no QR library; a plain link with `download` saves it with the session cookie.
 */
export function linkQrUrl(id: string, format: QrFormat): string {
  return `${getConfig().apiBaseUrl}/api/v1/links/${encodeURIComponent(id)}/qr.${format}`;
}
