/**
 * The account's settings that shape the entry form (spec §3 account, §4): the fields shown, the
 * fields mandatory, the default unit type and how Resource entries are entered. One list, for the
 * database's selection (db/queries), the form's rules (worksheet-rules.ts) and the wire (ZAccount).
 * Without zod: the home page reads it.
 */
export const FORM_FLAGS = [
  'showCustomer',
  'showJobTask',
  'showLocation',
  'showWorkType',
  'mandatoryJobTask',
  'mandatoryLocation',
  'mandatoryWorkType',
  'defaultUnitType',
  'resourceUnits',
] as const;
export type FormFlag = (typeof FORM_FLAGS)[number];
