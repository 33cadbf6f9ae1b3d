import type { JsonSchema } from './openapi-schema';

/* The examples of the OpenAPI document: per field name, checked against their own schemas by the contract test (split from openapi.ts, issue 39 §1). */
/**
 * Example values by field name, from the demo account's master data (db/seed/demo.ts), so that
 * the docs page's "Try it out" starts from a request the server takes (issue 19 point 5) instead
 * of strings generated from `\p{L}` patterns. Every example is validated against its schema in
 * tests/api/openapi-contract.test.ts.
 */
export const EXAMPLES: Record<string, unknown> = {
  id: 1,
  version: 1,
  isApproved: true,
  entries: [1],
  remember: true,
  shouldMarkAsExported: false,
  endpointId: 1,
  no: '1200',
  code: 'NORMAL',
  unitNo: 'R01',
  unitType: 'Resource',
  itemNo: '1200',
  resourceNo: 'R01',
  jobCode: 'J-1001',
  jobTaskCode: '100',
  customerNo: 'C1000',
  billToCustomerNo: 'C1000',
  locationCode: 'SITE',
  workTypeCode: 'NORMAL',
  unitOfMeasureCode: 'HOUR',
  teamCode: 'A',
  date: '2026-11-23',
  from: '2026-11-01',
  to: '2026-11-30',
  expirationDate: '2027-12-31',
  timeFrom: '07:00',
  timeTo: '14:30',
  quantity: 7.5,
  description: 'Kitchen renovation, day 3',
  name: 'Nordhavn Byg ApS',
  username: 'basic',
  password: 'Correct-horse-7',
  url: 'https://example.com/webtid-hook',
  events: ['worksheet.created'],
  mode: 'USER',
  languageCode: 'DAN',
  profileType: 'Basic',
};

export function exampleFor(name: string, schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  const alt = (schema.anyOf as JsonSchema[] | undefined)?.find((a) => a.type !== 'null') ?? schema;
  if (Array.isArray(alt.enum)) return EXAMPLES[name] !== undefined && alt.enum.includes(EXAMPLES[name]) ? EXAMPLES[name] : alt.enum[0];
  if (EXAMPLES[name] !== undefined) return EXAMPLES[name];
  return undefined;
}

/** A request body example built from EXAMPLES: only fields it knows; the required ones must all be known. */
export function requestExample(schema: JsonSchema): { example?: Record<string, unknown> } {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const example: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(props)) {
    const v = name === 'accountId' ? undefined : exampleFor(name, p);
    // Each field carries its example too: a form (multipart) in the docs page starts from it.
    if (v !== undefined || name === 'accountId') p.examples ??= [v ?? 1];
    if (v !== undefined) example[name] = v;
  }
  const required = (schema.required as string[] | undefined) ?? [];
  return required.every((n) => n in example) && Object.keys(example).length ? { example } : {};
}

export function parameterExample(name: string, schema: JsonSchema): { example?: unknown } {
  const v = exampleFor(name, schema);
  return v === undefined ? {} : { example: v };
}
