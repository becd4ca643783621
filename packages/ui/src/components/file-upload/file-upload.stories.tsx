import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  FileUpload,
  ImageUpload,
  type FileUploadProps,
  type UploadContext,
} from './file-upload.tsx';

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

/** A PNG the browser can decode, for previews. */
function pngFile(name: string) {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAIElEQVR4nGNgYGD4z8DAwMDAxMTEwMDAwMDAwMDAAAAaQgMBc7tvIwAAAABJRU5ErkJggg==',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

/** Resolves in a few progress steps. Typed as the prop, so that stories may pass other uploads. */
const quickUpload: FileUploadProps['onUpload'] = fn(
  async (_file: File, { onProgress }: UploadContext) => {
    for (const step of [0.3, 0.7, 1]) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      onProgress(step);
    }
  },
);

/** Stays at 45% so designers (and the screenshot) see an upload in progress. */
const stalledUpload = async (_file: File, { onProgress, signal }: UploadContext) => {
  onProgress(0.45);
  await new Promise((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Error('cancelled'))),
  );
};

const failingUpload = async () => {
  throw new Error('The server refused the file. Try again in a minute.');
};

/** Dispatches a drag event carrying files, as the browser does when files are dragged in. */
function dragEvent(zone: Element, type: 'drop' | 'dragenter', files: File[]) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', {
    value: { files, types: ['Files'], dropEffect: 'none' },
  });
  zone.dispatchEvent(event);
}

function drop(zone: Element, files: File[]) {
  dragEvent(zone, 'drop', files);
}

const meta = {
  title: 'Forms/FileUpload',
  component: FileUpload,
  args: {
    onUpload: quickUpload,
    accept: ['image/png', 'image/jpeg', '.pdf'],
    maxSizeBytes: 5 * 1024 * 1024,
    multiple: true,
    label: 'Drop evidence documents here or browse',
  },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof FileUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const browse = canvas.getByRole('button', { name: 'Drop evidence documents here or browse' });
    await expect(browse).toHaveAccessibleDescription('PNG, JPEG or PDF, up to 5 MB');
  },
};

export const UploadsDroppedFiles: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const zone = canvasElement.querySelector('[data-slot="file-upload-zone"]')!;
    drop(zone, [file('certificate.pdf', 'application/pdf', 120_000)]);
    const list = await canvas.findByRole('list', { name: 'Files' });
    await waitFor(() => expect(within(list).getByText('Uploaded')).toBeVisible());
    await expect(args.onUpload).toHaveBeenCalledTimes(1);
  },
};

export const BrowsesWithTheKeyboard: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /browse/ })).toHaveFocus();
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, file('audit.pdf', 'application/pdf', 2048));
    await waitFor(() => expect(canvas.getByText('Uploaded')).toBeVisible());
  },
};

export const TypeAndSizeErrors: Story = {
  args: { onUpload: fn(quickUpload) },
  play: async ({ canvas, canvasElement, args }) => {
    const zone = canvasElement.querySelector('[data-slot="file-upload-zone"]')!;
    drop(zone, [
      file('notes.txt', 'text/plain', 100),
      file('scan.jpg', 'image/jpeg', 7 * 1024 * 1024),
    ]);
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent(
      'notes.txt is not a supported file type. Use PNG, JPEG or PDF.',
    );
    await expect(alerts[1]).toHaveTextContent('scan.jpg is 7 MB, larger than the 5 MB limit.');
    await expect(args.onUpload).not.toHaveBeenCalled();
    // A refused file cannot be retried, only removed.
    await expect(canvas.queryByRole('button', { name: /Retry/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove notes.txt' }));
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
  },
};

export const Uploading: Story = {
  args: { onUpload: stalledUpload },
  play: async ({ canvas, canvasElement }) => {
    drop(canvasElement.querySelector('[data-slot="file-upload-zone"]')!, [
      file('b-corp-certificate.pdf', 'application/pdf', 840_000),
    ]);
    const bar = await canvas.findByRole('progressbar', {
      name: 'Uploading b-corp-certificate.pdf',
    });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(
      canvas.getByRole('button', { name: 'Cancel b-corp-certificate.pdf' }),
    ).toBeVisible();
  },
};

export const FailedUploadRetries: Story = {
  args: { onUpload: failingUpload },
  play: async ({ canvas, canvasElement }) => {
    drop(canvasElement.querySelector('[data-slot="file-upload-zone"]')!, [
      file('report.pdf', 'application/pdf', 5000),
    ]);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The server refused the file. Try again in a minute.',
    );
    await expect(canvas.getByRole('button', { name: 'Retry report.pdf' })).toBeVisible();
  },
};

export const Dragging: Story = {
  play: async ({ canvasElement }) => {
    const zone = canvasElement.querySelector('[data-slot="file-upload-zone"]')!;
    dragEvent(zone, 'dragenter', []);
    await waitFor(() => expect(zone).toHaveAttribute('data-dragging'));
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('button', { name: /browse/ })).toBeDisabled();
    drop(canvasElement.querySelector('[data-slot="file-upload-zone"]')!, [
      file('a.pdf', 'application/pdf', 10),
    ]);
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

export const Image: StoryObj<typeof ImageUpload> = {
  render: (args) => <ImageUpload {...args} />,
  args: {
    onUpload: quickUpload,
    maxSizeBytes: 2 * 1024 * 1024,
    label: 'Drop an image here or browse',
    accept: undefined,
    multiple: false,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('button', { name: 'Drop an image here or browse' }),
    ).toHaveAccessibleDescription('PNG, JPEG or WEBP, up to 2 MB');
    drop(canvasElement.querySelector('[data-slot="file-upload-zone"]')!, [
      pngFile('avatar.png'),
      pngFile('second.png'),
    ]);
    await waitFor(() => expect(canvas.getByText('Uploaded')).toBeVisible());
    // One image at a time: the second dropped file is ignored.
    await expect(canvas.queryByText('second.png')).toBeNull();
    const preview = canvasElement.querySelector<HTMLImageElement>('.vd-file-upload__thumb img');
    await expect(preview?.src).toMatch(/^blob:/);
  },
};
