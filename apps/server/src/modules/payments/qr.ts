import QRCode from 'qrcode';

/** A QR image of `payload` at error-correction level M (payments.md §2), as a PNG data URL. */
export function qrPngDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', type: 'image/png', margin: 2, scale: 8 });
}
