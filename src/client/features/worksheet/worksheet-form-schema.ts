import { z } from 'zod';
import { ERR } from '../../../shared/errors';
import { parseLocaleNumber } from '../../../shared/locale-number';
import { ZCreateWorksheetInput, type TWorksheetFormSettings } from '../../../shared/schemas/worksheet';
import { conditionalErrors, isTimeMode } from '../../../shared/worksheet-rules';
import { toPayload } from './worksheet-form-state';

/*
 * The entry form's schema, apart from its state (worksheet-form-state.ts) because it brings zod and
 * the shared schemas: the hook loads this module when the user first changes something or
 * submits, so the worksheet home's first load stays without zod (decision 0172).
 */

const formValuesShape = z.object({
  date: z.string(),
  customerNo: z.string(),
  jobCode: z.string(),
  jobTaskCode: z.string(),
  locationCode: z.string(),
  workTypeCode: z.string(),
  unitType: z.enum(['Item', 'Resource', '']),
  unitNo: z.string(),
  description: z.string(),
  timeFrom: z.string(),
  timeTo: z.string(),
  quantity: z.string(),
  unitOfMeasureCode: z.string(),
  descriptionEdited: z.boolean(),
});

/**
 * The form's schema: the form values → the payload, checked with the shared ZCreateWorksheetInput
 * (the server's own) plus the conditional rules of spec §5 and the locale reading of the quantity,
 * all errors at once. Messages are the shared English ones; the form translates them.
 */
export function worksheetFormSchema(settings: TWorksheetFormSettings, locale: string) {
  return formValuesShape
    .superRefine((v, ctx) => {
      const out = toPayload(v, settings, locale);
      const timeMode = isTimeMode(settings.resourceUnits, v.unitType);
      // A locale misreading of the quantity wins over whatever the schema made of the raw text.
      const typed = timeMode ? null : parseLocaleNumber(v.quantity, locale);
      const quantityIssue = typed && !typed.ok && typed.reason !== 'empty' ? (typed.reason === 'tooManyDecimals' ? ERR.tooManyDecimals : ERR.mustBeNumber) : null;
      const errors: Record<string, string> = {};
      if (quantityIssue) errors.quantity = quantityIssue;
      const parsed = ZCreateWorksheetInput.safeParse(out);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path.join('.') || '_';
          errors[field] ??= issue.message;
        }
      }
      for (const [field, message] of Object.entries(conditionalErrors(settings, { ...out, unitType: v.unitType }))) errors[field] ??= message;
      if (!timeMode && out.quantity === '') errors.quantity ??= ERR.required;
      for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
    })
    .transform((v) => toPayload(v, settings, locale));
}
