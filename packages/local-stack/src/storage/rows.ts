// Rows of storage.buckets and storage.objects, and their JSON as storage-api answers them.

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

/** The system metadata storage-api keeps for every object. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  /** What the uploader sent as `x-metadata` or the form field `metadata`. */
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export function bucketJson(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function objectJson(row: ObjectRow) {
  return {
    name: row.name,
    id: row.id,
    bucket_id: row.bucket_id,
    owner: row.owner ?? undefined,
    updated_at: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
    last_accessed_at: row.last_accessed_at.toISOString(),
    metadata: row.metadata,
  };
}
