import * as React from 'react';
import { Cross2Icon, FileIcon, ReloadIcon, UploadIcon } from '@radix-ui/react-icons';
import { ProgressBar } from '../progress-bar/progress-bar.tsx';
import { describeAccept, formatBytes, validateFile } from './validate-file.ts';

export interface UploadContext {
  /** Report progress as a fraction from 0 to 1. */
  onProgress: (fraction: number) => void;
  /** Aborted when the user cancels or removes the file. */
  signal: AbortSignal;
}

export type UploadStatus = 'uploading' | 'done' | 'error';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  error?: string;
  /** An object URL of the file for image previews. */
  previewUrl?: string;
}

export interface FileUploadProps extends Omit<
  React.ComponentPropsWithoutRef<'div'>,
  'onChange' | 'onError'
> {
  /**
   * Uploads one file: the kit calls it for every accepted file. Report progress through
   * `onProgress`; throw (or reject) with an Error whose message is shown; honour `signal`.
   * The kit never talks to a backend itself.
   */
  onUpload: (file: File, context: UploadContext) => Promise<void>;
  /** Accepted types: MIME types, `image/*` wildcards or `.ext` suffixes. */
  accept?: readonly string[];
  /** Largest accepted file in bytes. */
  maxSizeBytes?: number;
  multiple?: boolean;
  disabled?: boolean;
  /** The drop zone's label. */
  label?: React.ReactNode;
  /** A hint under the label; defaults to the accepted types and size limit. */
  hint?: React.ReactNode;
  /** Shows image previews (object URLs) of the files. */
  preview?: boolean;
  /** Hears the list of files and their states whenever it changes. */
  onItemsChange?: (items: readonly UploadItem[]) => void;
  /** Called when the user removes a finished file. */
  onRemove?: (item: UploadItem) => void;
}

let nextId = 0;

/**
 * Drag-and-drop (or browse) file upload with validation, per-file progress, retry, cancel and
 * optional image previews. The upload itself is the caller's `onUpload` callback.
 */
export const FileUpload = React.forwardRef<HTMLDivElement, FileUploadProps>(function FileUpload(
  {
    onUpload,
    accept,
    maxSizeBytes,
    multiple = false,
    disabled = false,
    label = 'Drop files here or browse',
    hint,
    preview = false,
    onItemsChange,
    onRemove,
    className,
    ...rest
  },
  ref,
) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const hintId = React.useId();
  const [items, setItems] = React.useState<UploadItem[]>([]);
  const [dragging, setDragging] = React.useState(false);
  const controllers = React.useRef(new Map<string, AbortController>());
  const itemsRef = React.useRef(items);
  itemsRef.current = items;

  const update = React.useCallback(
    (change: (items: UploadItem[]) => UploadItem[]) => {
      setItems((current) => {
        const next = change(current);
        onItemsChange?.(next);
        return next;
      });
    },
    [onItemsChange],
  );

  React.useEffect(() => {
    const map = controllers.current;
    return () => {
      for (const controller of map.values()) controller.abort();
      for (const item of itemsRef.current)
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  const start = React.useCallback(
    (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      const patch = (values: Partial<UploadItem>) =>
        update((list) =>
          list.map((entry) => (entry.id === item.id ? { ...entry, ...values } : entry)),
        );
      onUpload(item.file, {
        signal: controller.signal,
        onProgress: (fraction) => {
          if (!controller.signal.aborted) patch({ progress: Math.min(Math.max(fraction, 0), 1) });
        },
      }).then(
        () => {
          if (!controller.signal.aborted) patch({ status: 'done', progress: 1 });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          patch({
            status: 'error',
            error: error instanceof Error && error.message ? error.message : 'Upload failed.',
          });
        },
      );
    },
    [onUpload, update],
  );

  const addFiles = (files: readonly File[]) => {
    if (disabled || files.length === 0) return;
    const chosen = multiple ? files : files.slice(0, 1);
    const added = chosen.map<UploadItem>((file) => {
      const error = validateFile(file, { accept, maxSizeBytes });
      return {
        id: `upload-${++nextId}`,
        file,
        status: error ? 'error' : 'uploading',
        progress: 0,
        error: error ?? undefined,
        previewUrl:
          preview && !error && file.type.startsWith('image/')
            ? URL.createObjectURL(file)
            : undefined,
      };
    });
    if (!multiple) {
      for (const old of itemsRef.current) {
        controllers.current.get(old.id)?.abort();
        if (old.previewUrl) URL.revokeObjectURL(old.previewUrl);
      }
    }
    update((list) => (multiple ? [...list, ...added] : added));
    for (const item of added) if (item.status === 'uploading') start(item);
  };

  const remove = (item: UploadItem) => {
    controllers.current.get(item.id)?.abort();
    controllers.current.delete(item.id);
    if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    update((list) => list.filter((entry) => entry.id !== item.id));
    if (item.status === 'done') onRemove?.(item);
  };

  const retry = (item: UploadItem) => {
    const fresh = { ...item, status: 'uploading' as const, progress: 0, error: undefined };
    update((list) => list.map((entry) => (entry.id === item.id ? fresh : entry)));
    start(fresh);
  };

  const defaultHint = [
    accept && accept.length > 0 ? describeAccept(accept) : null,
    maxSizeBytes !== undefined ? `up to ${formatBytes(maxSizeBytes)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div
      ref={ref}
      data-slot="file-upload"
      data-disabled={disabled ? '' : undefined}
      className={['vd-file-upload', className].filter(Boolean).join(' ')}
      {...rest}
    >
      <div
        className="vd-file-upload__zone"
        data-dragging={dragging ? '' : undefined}
        data-slot="file-upload-zone"
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          addFiles(Array.from(event.dataTransfer.files));
        }}
      >
        <span className="vd-file-upload__icon" aria-hidden>
          <UploadIcon />
        </span>
        <button
          type="button"
          className="vd-file-upload__browse"
          disabled={disabled}
          aria-describedby={hint || defaultHint ? hintId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          {label}
        </button>
        {hint || defaultHint ? (
          <span id={hintId} className="vd-file-upload__hint">
            {hint ?? defaultHint}
          </span>
        ) : null}
        <input
          ref={inputRef}
          type="file"
          tabIndex={-1}
          aria-hidden
          className="vd-visually-hidden"
          data-slot="file-upload-input"
          accept={accept?.join(',')}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            addFiles(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
      </div>
      {items.length > 0 ? (
        <ul className="vd-file-upload__list" aria-label="Files" data-slot="file-upload-list">
          {items.map((item) => (
            <li key={item.id} className="vd-file-upload__item" data-status={item.status}>
              <span className="vd-file-upload__thumb" aria-hidden>
                {item.previewUrl ? <img src={item.previewUrl} alt="" /> : <FileIcon />}
              </span>
              <div className="vd-file-upload__details">
                <div className="vd-file-upload__row">
                  <span className="vd-file-upload__name">{item.file.name}</span>
                  <span className="vd-file-upload__size">{formatBytes(item.file.size)}</span>
                </div>
                {item.status === 'uploading' ? (
                  <ProgressBar
                    size="sm"
                    value={Math.round(item.progress * 100)}
                    label={`Uploading ${item.file.name}`}
                    hideLabel
                  />
                ) : null}
                {item.status === 'done' ? (
                  <span className="vd-file-upload__state">Uploaded</span>
                ) : null}
                {item.status === 'error' ? (
                  <span className="vd-file-upload__error" role="alert">
                    {item.error}
                  </span>
                ) : null}
              </div>
              <div className="vd-file-upload__actions">
                {item.status === 'error' && !validateFile(item.file, { accept, maxSizeBytes }) ? (
                  <button
                    type="button"
                    className="vd-file-upload__action"
                    aria-label={`Retry ${item.file.name}`}
                    onClick={() => retry(item)}
                  >
                    <ReloadIcon aria-hidden />
                  </button>
                ) : null}
                <button
                  type="button"
                  className="vd-file-upload__action"
                  aria-label={`${item.status === 'uploading' ? 'Cancel' : 'Remove'} ${item.file.name}`}
                  onClick={() => remove(item)}
                >
                  <Cross2Icon aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

export type ImageUploadProps = Omit<FileUploadProps, 'preview'>;

/** FileUpload for images: PNG, JPEG and WebP by default, one file, with a preview. */
export const ImageUpload = React.forwardRef<HTMLDivElement, ImageUploadProps>(function ImageUpload(
  {
    accept = ['image/png', 'image/jpeg', 'image/webp'],
    label = 'Drop an image here or browse',
    ...rest
  },
  ref,
) {
  return <FileUpload ref={ref} accept={accept} label={label} preview {...rest} />;
});
