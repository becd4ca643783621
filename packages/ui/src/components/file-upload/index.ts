export {
  FileUpload,
  ImageUpload,
  type FileUploadProps,
  type ImageUploadProps,
  type UploadContext,
  type UploadItem,
  type UploadStatus,
} from './file-upload.tsx';
export { describeAccept, formatBytes, validateFile, type FileRules } from './validate-file.ts';
