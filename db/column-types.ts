import type { ColumnType, Generated } from 'kysely';

/** Columns the database fills in. */
export type Gen<T> = Generated<T>;
/** Timestamps come back as Date, go in as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns are kept as 'YYYY-MM-DD' text by our type parsers (db/database.ts). */
export type DateText = string;
/** numeric columns come back as JS numbers (type parser), go in as number. */
export type Numeric = ColumnType<number, number | string, number | string>;
