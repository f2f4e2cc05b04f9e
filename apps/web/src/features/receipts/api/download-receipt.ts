import { api } from '@/lib/api-client';

/**
 * Downloads a receipt's PDF through the API client (an expired session is renewed on the way), then
 * hands it to the browser as a file named `filename`.
 */
export async function downloadReceipt(path: string, filename: string): Promise<void> {
  const pdf = await api.get<Blob>(path, { responseType: 'blob', retry: true });
  const url = URL.createObjectURL(pdf);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = filename;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The click has started the download; the address is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
