export { QRCode, qrCodeVariants, type QRCodeProps } from './qr-code.tsx';
export { qrMatrix, type QrMatrix } from './qr-path.ts';
