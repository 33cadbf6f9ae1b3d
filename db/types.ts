import type { ColumnType, Generated } from 'kysely';
import type { LanguageCode, ProfileType, ResourceUnits, UnitType } from '../src/shared/limits';

/** Columns the database fills in. */
type Gen<T> = Generated<T>;
/** Timestamps come back as Date, go in as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns are kept as 'YYYY-MM-DD' text by our type parsers (db/database.ts). */
type DateText = string;
/** numeric columns come back as JS numbers (type parser), go in as number. */
type Numeric = ColumnType<number, number | string, number | string>;

export interface AccountTable {
  id: Gen<number>;
  code: string;
  name: string;
  createdDate: Gen<Date>;
  expirationDate: DateText | null;
  active: Gen<boolean>;
  showCustomer: Gen<boolean>;
  showJobTask: Gen<boolean>;
  showLocation: Gen<boolean>;
  showWorkType: Gen<boolean>;
  mandatoryJobTask: Gen<boolean>;
  mandatoryLocation: Gen<boolean>;
  mandatoryWorkType: Gen<boolean>;
  defaultUnitType: ColumnType<UnitType, UnitType | undefined, UnitType>;
  resourceUnits: ColumnType<ResourceUnits, ResourceUnits | undefined, ResourceUnits>;
  apiKeyHash: string | null;
  apiKeyEncrypted: string | null;
  apiKeyCreatedAt: NullableTimestamp;
}

export interface AppUserTable {
  id: Gen<number>;
  accountId: number;
  username: string;
  passwordHash: string;
  profileType: ColumnType<ProfileType, ProfileType | undefined, ProfileType>;
  teamCode: string | null;
  languageCode: ColumnType<LanguageCode, LanguageCode | undefined, LanguageCode>;
  defaultDescription: string | null;
  defaultResource: string | null;
  lockDefaultResource: Gen<boolean>;
  expirationDate: DateText | null;
  active: Gen<boolean>;
  createdAt: Gen<Date>;
  /** issue 12: the download modal's remembered choice; NULL = not chosen (csv, flavour by language) */
  exportFileType: ColumnType<'csv' | 'xlsx' | null, 'csv' | 'xlsx' | null | undefined, 'csv' | 'xlsx' | null>;
  exportCsvFormat: ColumnType<'danish' | 'international' | null, 'danish' | 'international' | null | undefined, 'danish' | 'international' | null>;
}

export interface SessionTable {
  id: string;
  userId: number;
  expiresAt: Timestamp;
  remember: boolean;
  createdAt: Gen<Date>;
}

export interface LoginThrottleTable {
  usernameKey: string;
  failures: Gen<number>;
  lastFailureAt: Gen<Date>;
  lockedUntil: NullableTimestamp;
}

export interface NoDescriptionTable {
  id: Gen<number>;
  accountId: number;
  no: string;
  description: string;
  active: Gen<boolean>;
}

export interface UnitOfMeasureTable {
  id: Gen<number>;
  accountId: number;
  unitType: UnitType;
  unitNo: string;
  code: string;
  description: string;
  active: Gen<boolean>;
}

export interface LocationTable {
  id: Gen<number>;
  accountId: number;
  code: string;
  name: string | null;
  active: Gen<boolean>;
}

export interface WorkTypeTable {
  id: Gen<number>;
  accountId: number;
  code: string;
  description: string;
  unitOfMeasureCode: string | null;
  active: Gen<boolean>;
}

export interface CustomerTable {
  id: Gen<number>;
  accountId: number;
  no: string;
  name: string;
  active: Gen<boolean>;
}

export interface JobTable {
  id: Gen<number>;
  accountId: number;
  code: string;
  description: string | null;
  billToCustomerNo: string;
  responsibleResourceNo: string | null;
  startingDate: DateText | null;
  teamCode: string | null;
  active: Gen<boolean>;
}

export interface JobTaskTable {
  id: Gen<number>;
  accountId: number;
  jobCode: string;
  code: string;
  description: string;
  active: Gen<boolean>;
}

export interface WorksheetRecordTable {
  id: Gen<number>;
  accountId: number;
  username: string;
  date: DateText;
  customerNo: string | null;
  customerName: string | null;
  jobCode: string;
  jobDescription: string | null;
  jobTaskCode: string | null;
  jobTaskDescription: string | null;
  locationCode: string | null;
  workTypeCode: string | null;
  workTypeDescription: string | null;
  unitType: UnitType;
  unitNo: string;
  unitDescription: string | null;
  description: string;
  /** 'HH:mm:ss' */
  timeFrom: string | null;
  timeTo: string | null;
  quantity: Numeric;
  unitOfMeasureCode: string;
  unitOfMeasureDescription: string | null;
  approvedBy: string | null;
  approvedDateTime: NullableTimestamp;
  createdBy: string;
  createdAt: Gen<Date>;
  modifiedBy: string | null;
  modifiedDate: NullableTimestamp;
  version: Gen<number>;
  exported: Gen<boolean>;
  exportedBy: string | null;
  exportedAt: NullableTimestamp;
}

export interface AttachmentTable {
  id: Gen<number>;
  accountId: number;
  worksheetId: number;
  fileName: string;
  contentType: string;
  size: number;
  data: Uint8Array;
  preview: Uint8Array | null;
  previewType: string | null;
  createdAt: Gen<Date>;
}

export type HistoryAction = 'create' | 'update' | 'approve' | 'unapprove' | 'delete' | 'export';
export type HistoryChanges = Record<string, { from: unknown; to: unknown }>;

export interface WorksheetHistoryTable {
  id: Gen<number>;
  accountId: number;
  worksheetId: number;
  action: HistoryAction;
  username: string;
  at: Gen<Date>;
  changes: ColumnType<HistoryChanges, string | HistoryChanges | undefined, string | HistoryChanges>;
}

export interface DB {
  account: AccountTable;
  appUser: AppUserTable;
  session: SessionTable;
  loginThrottle: LoginThrottleTable;
  item: NoDescriptionTable;
  resource: NoDescriptionTable;
  unitOfMeasure: UnitOfMeasureTable;
  location: LocationTable;
  workType: WorkTypeTable;
  customer: CustomerTable;
  job: JobTable;
  jobTask: JobTaskTable;
  worksheetRecord: WorksheetRecordTable;
  attachment: AttachmentTable;
  worksheetHistory: WorksheetHistoryTable;
}
