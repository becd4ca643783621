export { QRCode, qrCodeVariants, type QRCodeProps } from './qr-code';
export { qrMatrix, type QrMatrix } from './qr-path';
