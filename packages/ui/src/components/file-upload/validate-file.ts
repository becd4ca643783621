/** What a file must be to be accepted: types (MIME types, `image/*` wildcards or `.ext` suffixes) and a size limit. */
export interface FileRules {
  accept?: readonly string[];
  maxSizeBytes?: number;
}

/** "1.4 MB", "820 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 10 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** A readable list of accepted types: ['image/png', 'image/jpeg', '.pdf'] → "PNG, JPEG or PDF". */
export function describeAccept(accept: readonly string[]): string {
  const names = accept.map((entry) => {
    const value = entry.trim().toLowerCase();
    if (value.startsWith('.')) return value.slice(1).toUpperCase();
    if (value.endsWith('/*')) return `any ${value.slice(0, -2)}`;
    const subtype = value.split('/')[1] ?? value;
    return subtype
      .replace(/^svg\+xml$/, 'svg')
      .replace(/^vnd\..*$/, subtype)
      .toUpperCase();
  });
  const unique = [...new Set(names)];
  if (unique.length <= 1) return unique[0] ?? '';
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

function matchesAccept(file: File, accept: readonly string[]): boolean {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((entry) => {
    const value = entry.trim().toLowerCase();
    if (!value) return false;
    if (value.startsWith('.')) return name.endsWith(value);
    if (value.endsWith('/*')) return type.startsWith(value.slice(0, -1));
    return type === value;
  });
}

/** Why a file is refused, as a sentence for the user, or `null` when it is acceptable. */
export function validateFile(file: File, rules: FileRules): string | null {
  if (rules.accept && rules.accept.length > 0 && !matchesAccept(file, rules.accept)) {
    return `${file.name} is not a supported file type. Use ${describeAccept(rules.accept)}.`;
  }
  if (rules.maxSizeBytes !== undefined && file.size > rules.maxSizeBytes) {
    return `${file.name} is ${formatBytes(file.size)}, larger than the ${formatBytes(rules.maxSizeBytes)} limit.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
