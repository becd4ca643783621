import type { Database, Tables, TablesInsert, TablesUpdate } from './database.types.ts';

/** Every table of the public schema. */
export type TableName = keyof Database['public']['Tables'];
/** A row of a table as PostgREST returns it. */
export type Row<T extends TableName> = Tables<T>;
/** What an insert into a table accepts. */
export type Insert<T extends TableName> = TablesInsert<T>;
/** What an update of a table accepts. */
export type Update<T extends TableName> = TablesUpdate<T>;
/** A page of rows and the total number of matching rows. */
export interface Page<T> {
  rows: T[];
  total: number;
}
