import type { ColumnType } from 'kysely';
import type { DateText, Gen, NullableTimestamp, Numeric, Timestamp } from './column-types';
import type {
  UserTotpTable,
  UserRecoveryCodeTable,
  LoginChallengeTable,
  AccountSsoTable,
  UserIdentityTable,
  SsoLoginStateTable,
  PasswordLinkTable,
  UserPasskeyTable,
  WebauthnChallengeTable,
} from './types-sign-in';

export type * from './types-sign-in';
import type { LanguageCode, ProfileType, ResourceUnits, SecondFactorRequired, UnitType } from '../src/shared/limits';

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
  /** Prefix of the BC profile's Document No. (migration 2026-11-26T1200-export-batches). */
  bcDocumentPrefix: Gen<string>;
  /** Who must use a second factor (migration 2026-11-28T0941-second-factor-and-sso). */
  secondFactorRequired: ColumnType<SecondFactorRequired, SecondFactorRequired | undefined, SecondFactorRequired>;
  /** The account's time is closed up to and including this date; null = open (migration 2026-11-28T1300-return-and-closed-period). */
  closedUntil: ColumnType<DateText | null, DateText | null | undefined, DateText | null>;
  /** The account's workers submit their weeks (migration 2026-11-28T1610-week-submission, issue 40 §2). */
  submitWeeks: Gen<boolean>;
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
  exportFileType: ColumnType<'csv' | 'xlsx' | 'bc' | null, 'csv' | 'xlsx' | 'bc' | null | undefined, 'csv' | 'xlsx' | 'bc' | null>;
  exportCsvFormat: ColumnType<'danish' | 'international' | null, 'danish' | 'international' | null | undefined, 'danish' | 'international' | null>;
  /** issue 41: the address SSO links a pre-created user by */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the user record last changed (trigger; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
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
  /** The client address (an IPv6 /64), or '*' for the row that counts every address. */
  ip: string;
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
  /** optimistic concurrency: bumped by every update (409 on a stale one) */
  version: Gen<number>;
  /** when the record last changed (trigger master_data_touch; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
}

export interface UnitOfMeasureTable {
  id: Gen<number>;
  accountId: number;
  unitType: UnitType;
  unitNo: string;
  code: string;
  description: string;
  active: Gen<boolean>;
  /** optimistic concurrency: bumped by every update (409 on a stale one) */
  version: Gen<number>;
  /** when the record last changed (trigger master_data_touch; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
}

export interface LocationTable {
  id: Gen<number>;
  accountId: number;
  code: string;
  name: string | null;
  active: Gen<boolean>;
  /** optimistic concurrency: bumped by every update (409 on a stale one) */
  version: Gen<number>;
  /** when the record last changed (trigger master_data_touch; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
}

export interface WorkTypeTable {
  id: Gen<number>;
  accountId: number;
  code: string;
  description: string;
  unitOfMeasureCode: string | null;
  active: Gen<boolean>;
  /** optimistic concurrency: bumped by every update (409 on a stale one) */
  version: Gen<number>;
  /** when the record last changed (trigger master_data_touch; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
}

export interface CustomerTable {
  id: Gen<number>;
  accountId: number;
  no: string;
  name: string;
  active: Gen<boolean>;
  /** optimistic concurrency: bumped by every update (409 on a stale one) */
  version: Gen<number>;
  /** when the record last changed (trigger master_data_touch; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
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
  /** optimistic concurrency: bumped by every update (409 on a stale one) */
  version: Gen<number>;
  /** when the record last changed (trigger master_data_touch; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
}

export interface JobTaskTable {
  id: Gen<number>;
  accountId: number;
  jobCode: string;
  code: string;
  description: string;
  active: Gen<boolean>;
  /** optimistic concurrency: bumped by every update (409 on a stale one) */
  version: Gen<number>;
  /** when the record last changed (trigger master_data_touch; migration 2026-11-28T1630-master-data-sync) */
  updatedAt: Gen<Date>;
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
  /** The export batch that marked it (migration 2026-11-26T1200-export-batches). */
  exportBatchId: Gen<number | null>;
  /** The owner's app_user.id; set by a trigger from username (migration 2026-11-23T1300). */
  userId: Gen<number | null>;
  /** Sent back to its owner (issue 40 §1, migration 2026-11-28T1300-return-and-closed-period); cleared by an edit or an approval. */
  returnedBy: ColumnType<string | null, string | null | undefined, string | null>;
  returnedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  returnReason: ColumnType<string | null, string | null | undefined, string | null>;
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

export type HistoryAction = 'create' | 'update' | 'approve' | 'unapprove' | 'delete' | 'export' | 'return';
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

/** Every close and reopen of the account's period (issue 40 §3). */
/** A submitted week of one owner (issue 40 §2); returnedAt set = sent back, open until resubmitted. */
export interface WeekSubmissionTable {
  accountId: number;
  userId: number;
  /** the ISO week's Monday */
  weekStart: DateText;
  submittedAt: Gen<Date>;
  submittedBy: string;
  returnedAt: NullableTimestamp;
  returnedBy: string | null;
}

export interface WeekSubmissionLogTable {
  id: Gen<number>;
  accountId: number;
  userId: number;
  weekStart: DateText;
  action: 'submit' | 'resubmit' | 'return' | 'approve';
  username: string;
  at: Gen<Date>;
}

export interface PeriodCloseLogTable {
  id: Gen<number>;
  accountId: number;
  username: string;
  at: Gen<Date>;
  fromDate: DateText | null;
  toDate: DateText | null;
}

export interface DB {
  account: AccountTable;
  periodCloseLog: PeriodCloseLogTable;
  weekSubmission: WeekSubmissionTable;
  weekSubmissionLog: WeekSubmissionLogTable;
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
  idempotencyKey: IdempotencyKeyTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookMessage: WebhookMessageTable;
  webhookDelivery: WebhookDeliveryTable;
  exportBatch: ExportBatchTable;
  userTotp: UserTotpTable;
  userRecoveryCode: UserRecoveryCodeTable;
  loginChallenge: LoginChallengeTable;
  importRun: ImportRunTable;
  importMapping: ImportMappingTable;
  accountSso: AccountSsoTable;
  userIdentity: UserIdentityTable;
  ssoLoginState: SsoLoginStateTable;
  passwordLink: PasswordLinkTable;
  userPasskey: UserPasskeyTable;
  webauthnChallenge: WebauthnChallengeTable;
}

/** One "download and mark as exported" (migration 2026-11-26T1200-export-batches, decision 0201). */
export interface ExportBatchTable {
  id: Gen<number>;
  accountId: number;
  createdBy: string;
  createdByUserId: number | null;
  createdAt: Gen<Date>;
  fileType: 'csv' | 'xlsx' | 'bc';
  csvFormat: 'danish' | 'international' | null;
  languageCode: string;
  documentNo: string | null;
  filters: ColumnType<Record<string, unknown>, string, string>;
  entryCount: Gen<number>;
  checksum: string | null;
}

/** Idempotency keys of the REST creates (migration 2026-11-23T1400-idempotency). */
export interface IdempotencyKeyTable {
  accountId: number;
  scope: string;
  key: string;
  fingerprint: string;
  state: 'running' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: Gen<Date>;
  expiresAt: Timestamp;
}

/** Webhooks (migration 2026-11-23T1400-webhooks). */
export interface WebhookEndpointTable {
  id: Gen<number>;
  accountId: number;
  url: string;
  description: string | null;
  events: string[];
  secretEnc: string;
  enabled: Gen<boolean>;
  disabledReason: string | null;
  failingSince: NullableTimestamp;
  createdAt: Gen<Date>;
  updatedAt: Gen<Date>;
}

export interface WebhookMessageTable {
  id: string;
  accountId: number;
  eventType: string;
  payload: ColumnType<unknown, string, string>;
  createdAt: Gen<Date>;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryTable {
  id: Gen<number>;
  messageId: string;
  endpointId: number;
  status: Gen<WebhookDeliveryStatus>;
  attempts: Gen<number>;
  nextAttemptAt: Gen<Date>;
  lockedUntil: NullableTimestamp;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Gen<Date>;
  updatedAt: Gen<Date>;
}

/** One applied master-data import (migration 2026-11-28T1310-imports, issue 42). */
export interface ImportRunTable {
  id: Gen<number>;
  accountId: number;
  entity: string;
  fileName: string;
  createdBy: string;
  createdByUserId: number | null;
  createdAt: Gen<Date>;
  rowCount: Gen<number>;
  createdCount: Gen<number>;
  changedCount: Gen<number>;
  unchangedCount: Gen<number>;
  refusedCount: Gen<number>;
  deactivatedCount: Gen<number>;
  /** migration 2026-11-28T1630-master-data-sync: the import as a job */
  status: ColumnType<'running' | 'done' | 'failed', 'running' | 'done' | 'failed' | undefined, 'running' | 'done' | 'failed'>;
  finishedAt: NullableTimestamp;
  source: ColumnType<'file' | 'bulk', 'file' | 'bulk' | undefined, 'file' | 'bulk'>;
  /** the report (TImportReport) as JSON; null while running or for imports before the migration */
  report: ColumnType<unknown, string | null | undefined, string | null>;
  /** a failed import's coded error {code, params} */
  error: ColumnType<{ code: string; params: Record<string, string> } | null, string | null | undefined, string | null>;
  /** migration 2026-11-29T0110-import-progress (decision 0499): a running import's progress on PostgreSQL; null on PGlite */
  progressPhase: ColumnType<'checking' | 'writing' | null, 'checking' | 'writing' | null | undefined, 'checking' | 'writing' | null>;
  progressDone: ColumnType<number | null, number | null | undefined, number | null>;
  progressTotal: ColumnType<number | null, number | null | undefined, number | null>;
  progressAt: NullableTimestamp;
}

/** The column mapping remembered per account and entity (caption → field). */
export interface ImportMappingTable {
  accountId: number;
  entity: string;
  mapping: ColumnType<Record<string, string>, string, string>;
  updatedAt: Gen<Date>;
}
