import QRCode from 'qrcode';

const CACHE_MAX = 256;
/** Recently drawn images by payload (a PNG costs ~7 ms of CPU; a page reload asks again). */
const cache = new Map<string, Promise<string>>();

/** A QR image of `payload` at error-correction level M (docs/rules/payments.md §2), as a PNG data URL. */
export function qrPngDataUrl(payload: string): Promise<string> {
  const hit = cache.get(payload);
  if (hit) {
    cache.delete(payload);
    cache.set(payload, hit);
    return hit;
  }
  const drawn = QRCode.toDataURL(payload, {
    errorCorrectionLevel: 'M',
    type: 'image/png',
    margin: 2,
    scale: 8,
  });
  cache.set(payload, drawn);
  drawn.catch(() => cache.delete(payload));
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
  return drawn;
}
