/**
 * Whether the browser can draw `file` as a picture. The API client checks only a file's first
 * bytes (its format's signature), so a truncated or damaged file that starts like a PNG would be
 * uploaded and then shown as a broken picture: decoding it here refuses it before any request.
 *
 * `createImageBitmap` decodes the file itself, with no URL: an `<img>` over an object URL would
 * be fetched under the page's CSP, whose `connect-src` has no `blob:`. A browser without it (none
 * the app supports) is not stopped here; the client's check of the first bytes still applies.
 */
export async function isReadablePicture(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    const drawn = bitmap.width > 0 && bitmap.height > 0;
    bitmap.close();
    return drawn;
  } catch {
    // "The source image could not be decoded": damaged, cut short, or no picture at all.
    return false;
  }
}
